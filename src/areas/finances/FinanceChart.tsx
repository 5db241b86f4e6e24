import { useMemo } from 'react';
import { Classes, Colors } from '@blueprintjs/core';
import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import { useChartBox } from '../../../widgets/chart';

/** One day's bars: money in (credit) and out (debit), as numbers for the chart only (the table keeps the exact strings). */
export interface FinanceBar {
  [key: string]: string | number;
  date: string;
  credit: number;
  debit: number;
}

export interface FinanceChartProps {
  bars: FinanceBar[];
  height: number;
  /** Money in the network's currency, 2 decimals. */
  money: (value: number) => string;
  /** A day as the axis shows it. */
  day: (date: string) => string;
  names: { credit: string; debit: string };
}

const FONT = '-apple-system, "BlinkMacSystemFont", "Segoe UI", "Roboto", "Helvetica Neue", sans-serif';

/** Roughly how many day labels fit: one per ~70 px. */
const labelEvery = (width: number, days: number) => Math.max(1, Math.ceil(days / Math.max(2, Math.floor(width / 70))));

/**
 * Money in and out of the balance per day as grouped bars (nivo, in its own module so the chart library loads only
 * with the finances overview): green for what came in, red for what went out.
 */
export default function FinanceChart({ bars, height, money, day, names }: FinanceChartProps) {
  const { ref: box, dark, width } = useChartBox();
  const colors = { credit: dark ? Colors.GREEN5 : Colors.GREEN3, debit: dark ? Colors.RED5 : Colors.RED3 };
  const text = dark ? Colors.LIGHT_GRAY1 : Colors.DARK_GRAY1;
  const muted = dark ? Colors.GRAY4 : Colors.GRAY1;
  const grid = dark ? Colors.DARK_GRAY5 : Colors.LIGHT_GRAY2;
  const theme = useMemo(
    () => ({
      text: { fontFamily: FONT, fontSize: 12, fill: text },
      axis: { ticks: { line: { stroke: grid }, text: { fill: muted, fontSize: 11, fontFamily: FONT } }, domain: { line: { stroke: grid } } },
      grid: { line: { stroke: grid } },
      legends: { text: { fill: text, fontSize: 12, fontFamily: FONT } },
    }),
    [text, muted, grid],
  );
  const every = labelEvery(width - 100, bars.length);
  const ticks = bars.filter((_, i) => (bars.length - 1 - i) % every === 0).map((b) => b.date);
  const max = bars.reduce((m, b) => Math.max(m, b.credit, b.debit), 0);

  const Tooltip = useMemo(
    () =>
      function Tooltip({ data: bar }: BarTooltipProps<FinanceBar>) {
        return (
          <div className={Classes.ELEVATION_2} style={{ background: dark ? Colors.DARK_GRAY3 : Colors.WHITE, color: text, padding: '6px 10px', borderRadius: 4, fontSize: 13 }}>
            <strong>{day(bar.date)}</strong>
            <div style={{ color: colors.credit }}>
              {names.credit}: {money(bar.credit)}
            </div>
            <div style={{ color: colors.debit }}>
              {names.debit}: {money(bar.debit)}
            </div>
          </div>
        );
      },
    [dark, text, day, money, names, colors.credit, colors.debit],
  );

  return (
    <div ref={box} style={{ height }} aria-hidden="true">
      <ResponsiveBar<FinanceBar>
        data={bars}
        keys={['credit', 'debit']}
        indexBy="date"
        groupMode="grouped"
        margin={{ top: 8, right: 28, bottom: 56, left: 84 }}
        padding={bars.length > 45 ? 0.15 : 0.3}
        innerPadding={bars.length > 45 ? 0 : 1}
        valueScale={{ type: 'linear', max: max > 0 ? 'auto' : 1, nice: true }}
        colors={({ id }) => colors[id as 'credit' | 'debit']}
        theme={theme}
        enableLabel={false}
        enableGridY
        gridYValues={5}
        animate={false}
        axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: 5, format: (v: number) => money(v) }}
        axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: ticks, format: (v: string) => day(v) }}
        legends={[
          {
            dataFrom: 'keys',
            anchor: 'bottom-left',
            direction: 'row',
            translateY: 52,
            itemWidth: 110,
            itemHeight: 18,
            symbolSize: 12,
            data: (['credit', 'debit'] as const).map((id) => ({ id, label: names[id], color: colors[id] })),
          },
        ]}
        tooltip={Tooltip}
        role="presentation"
        isFocusable={false}
      />
    </div>
  );
}
