import { Colors } from '@blueprintjs/core';
import { ResponsiveLine, type LineCustomSvgLayerProps, type PointTooltipProps, type SliceTooltipProps } from '@nivo/line';
import { useMemo } from 'react';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { CHART_TEXTS, formatMetric, formatShortDate, type MetricPoint, type MetricType } from './chartFormat';
import { useChartBox } from './useChartBox';

/** One line of a chart with several: a stable id, the name its legend and tooltip show, and its days. */
export interface ChartLine {
  id: string;
  label: string;
  points: MetricPoint[];
  /** Its colour (default: the network's accent, for a chart of one line). */
  color?: string;
}

export interface LineChartProps {
  /** One line (`points` and `label`), or several (`lines`, each with its colour). */
  points?: MetricPoint[];
  lines?: ChartLine[];
  type: MetricType;
  locale: string;
  height: number;
  /** The series name (the chart's label) of a chart of one line. */
  label?: string;
  /** The first day still being counted (today): drawn dashed from the day before, and said so in its tooltip. */
  partialFrom?: string;
}

type Series = { id: string; data: { x: string; y: number }[] };

const NO_POINTS: MetricPoint[] = [];

const FONT = '-apple-system, "BlinkMacSystemFont", "Segoe UI", "Roboto", "Oxygen", "Ubuntu", "Cantarell", "Open Sans", "Helvetica Neue", "Icons16", sans-serif';

/** Blueprint's palette for the chart, light or dark as the page around it. */
function chartTheme(dark: boolean) {
  const text = dark ? Colors.LIGHT_GRAY1 : Colors.DARK_GRAY1;
  const muted = dark ? Colors.GRAY4 : Colors.GRAY1;
  const grid = dark ? Colors.DARK_GRAY5 : Colors.LIGHT_GRAY2;
  return {
    line: dark ? Colors.BLUE5 : Colors.BLUE3,
    theme: {
      text: { fontFamily: FONT, fontSize: 12, fill: text },
      axis: {
        domain: { line: { stroke: grid, strokeWidth: 1 } },
        ticks: { line: { stroke: grid, strokeWidth: 1 }, text: { fill: muted, fontSize: 11, fontFamily: FONT } },
      },
      grid: { line: { stroke: grid, strokeWidth: 1 } },
      crosshair: { line: { stroke: muted, strokeWidth: 1, strokeOpacity: 0.75 } },
      tooltip: {
        container: {
          background: dark ? Colors.DARK_GRAY3 : Colors.WHITE,
          color: text,
          fontFamily: FONT,
          fontSize: 13,
          borderRadius: 4,
          boxShadow: '0 0 0 1px rgba(17,20,24,.1), 0 2px 4px rgba(17,20,24,.2), 0 8px 24px rgba(17,20,24,.2)',
          padding: '6px 10px',
        },
      },
    },
  };
}

/** Roughly how many axis ticks fit: one per ~100 px across, at most one per day. */
function tickCount(width: number, days: number) {
  return Math.max(2, Math.min(days, Math.floor(width / 100)));
}

/**
 * The line of the series, solid over whole days and dashed into the days still being counted (from `partial`, an
 * index; none when -1): a day half over would otherwise read as a fall.
 */
function linesLayer(partial: number) {
  return function Lines({ series, lineGenerator }: LineCustomSvgLayerProps<Series>) {
    return (
      <g>
        {series.map((s) => {
          const positions = s.data.map((d) => d.position);
          const cut = partial < 0 ? positions.length : partial;
          const solid = positions.slice(0, cut);
          const dashed = cut < positions.length ? positions.slice(Math.max(0, cut - 1)) : [];
          return (
            <g key={s.id}>
              {solid.length > 1 ? <path d={lineGenerator(solid) ?? ''} fill="none" stroke={s.color} strokeWidth={2} /> : null}
              {dashed.length > 1 ? <path d={lineGenerator(dashed) ?? ''} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray="5 4" data-partial="" /> : null}
            </g>
          );
        })}
      </g>
    );
  };
}

/**
 * The nivo line of one metric over days. Kept in its own module so the chart library is fetched only by pages
 * that draw a chart (MetricChart loads it lazily).
 */
export default function LineChart({ points: single = NO_POINTS, lines: several, type, locale, height, label = '', partialFrom }: LineChartProps) {
  const t = useTexts(CHART_TEXTS);
  const lines = useMemo<ChartLine[]>(() => several ?? [{ id: label, label, points: single }], [several, label, single]);
  const many = lines.length > 1;
  const days = lines[0]?.points ?? [];
  const partial = partialFrom === undefined ? -1 : days.findIndex((p) => p.date >= partialFrom);
  const layers = useMemo(() => ['grid', 'markers', 'axes', 'areas', 'crosshair', linesLayer(partial), 'points', 'slices', 'mesh', 'legends'] as const, [partial]);
  const { ref: box, dark, width, accent } = useChartBox();
  const { theme, line: blue } = useMemo(() => chartTheme(dark), [dark]);
  const colors = useMemo(() => lines.map((l) => l.color ?? accent ?? blue), [lines, accent, blue]);
  const data = useMemo<Series[]>(() => lines.map((l) => ({ id: l.id, data: l.points.map((p) => ({ x: p.date, y: p.value })) })), [lines]);
  const labels = useMemo(() => new Map(lines.map((l) => [l.id, l.label])), [lines]);
  const ticks = tickCount(width, days.length);
  const max = lines.reduce((m, l) => l.points.reduce((n, p) => Math.max(n, p.value), m), 0);

  const Tooltip = useMemo(
    () =>
      function Tooltip({ point }: PointTooltipProps<Series>) {
        // The time scale hands back a Date; String() of it would print the whole clock time.
        const x: unknown = point.data.x;
        const date = x instanceof Date ? x : String(x);
        const day = x instanceof Date ? x.toISOString().slice(0, 10) : String(x);
        return (
          <div style={{ ...theme.tooltip.container, whiteSpace: 'nowrap' }}>
            <div style={{ color: theme.axis.ticks.text.fill }}>
              {formatShortDate(date, locale)}
              {partialFrom !== undefined && day >= partialFrom ? ` · ${t('chart.partialDay')}` : ''}
            </div>
            <strong>{formatMetric(point.data.y as number, type, locale)}</strong>
          </div>
        );
      },
    [theme, locale, type, partialFrom, t],
  );

  // Several lines: one tooltip for the day, every line's value, highest first.
  const SliceTooltip = useMemo(
    () =>
      function SliceTooltip({ slice }: SliceTooltipProps<Series>) {
        const x: unknown = slice.points[0]?.data.x;
        const day = x instanceof Date ? x.toISOString().slice(0, 10) : String(x);
        const sorted = [...slice.points].sort((a, b) => (b.data.y as number) - (a.data.y as number));
        return (
          <div style={{ ...theme.tooltip.container, whiteSpace: 'nowrap' }}>
            <div style={{ color: theme.axis.ticks.text.fill }}>
              {formatShortDate(x instanceof Date ? x : day, locale)}
              {partialFrom !== undefined && day >= partialFrom ? ` · ${t('chart.partialDay')}` : ''}
            </div>
            <table style={{ borderSpacing: '0 2px' }}>
              <tbody>
                {sorted.map((p) => (
                  <tr key={p.id}>
                    <td style={{ paddingRight: 6 }}>
                      <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: p.seriesColor }} />
                    </td>
                    <td style={{ paddingRight: 12, maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}>{labels.get(String(p.seriesId)) ?? String(p.seriesId)}</td>
                    <td style={{ textAlign: 'right' }}>
                      <strong>{formatMetric(p.data.y as number, type, locale)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      },
    [theme, locale, type, partialFrom, t, labels],
  );

  return (
    <div ref={box} style={{ height }} aria-hidden="true">
      <ResponsiveLine<Series>
        data={data}
        margin={{ top: 12, right: 24, bottom: 36, left: 80 }}
        xScale={{ type: 'time', format: '%Y-%m-%d', useUTC: true, precision: 'day' }}
        xFormat="time:%Y-%m-%d"
        // A flat zero line stays at the bottom rather than the middle of the chart.
        yScale={{ type: 'linear', min: 0, max: max > 0 ? 'auto' : 1, nice: true }}
        curve="monotoneX"
        colors={colors}
        theme={theme}
        enableArea={!many}
        areaOpacity={0.08}
        enablePoints={days.length <= 45}
        pointSize={many ? 4 : 6}
        pointBorderWidth={0}
        useMesh={!many}
        enableSlices={many ? 'x' : false}
        sliceTooltip={SliceTooltip}
        animate={false}
        enableGridX={false}
        gridYValues={5}
        axisBottom={{ tickValues: ticks, tickSize: 0, tickPadding: 10, format: (value: Date) => formatShortDate(value, locale) }}
        axisLeft={{
          tickValues: 5,
          tickSize: 0,
          tickPadding: 8,
          // Whole numbers only on a count axis: 0.5 impressions would read as a repeated "1".
          format: (value: number) => (type === 'count' && !Number.isInteger(value) ? '' : formatMetric(value, type, locale)),
        }}
        tooltip={Tooltip}
        layers={[...layers]}
      />
    </div>
  );
}
