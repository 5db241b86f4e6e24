import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Classes, Colors } from '@blueprintjs/core';
import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import { barColors } from './barColors';

/** One country's bar: impressions won at the price, and the rest of what is available. */
export interface CountryBar {
  [key: string]: string | number;
  country: string;
  won: number;
  rest: number;
}

export interface TrafficBarsProps {
  bars: CountryBar[];
  height: number;
  /** Formats a count (impressions) in the page's locale. */
  count: (n: number) => string;
  /** A short count for the axis (`1.2M`). */
  short: (n: number) => string;
  /** The two parts' names, for the tooltip. */
  keyNames: { won: string; rest: string };
}

const FONT = '-apple-system, "BlinkMacSystemFont", "Segoe UI", "Roboto", "Helvetica Neue", sans-serif';

/**
 * The nivo bar chart of the traffic chart page: impressions per day by country, one horizontal bar each, biggest on
 * top, split into what the price wins and what a higher price would add. Its own module so nivo loads only here.
 */
export default function TrafficBars({ bars, height, count, short, keyNames }: TrafficBarsProps) {
  const box = useRef<HTMLDivElement>(null);
  const [dark, setDark] = useState(false);
  useLayoutEffect(() => setDark(!!box.current?.closest(`.${Classes.DARK}`)), []);
  const colors = barColors(dark);
  const text = dark ? Colors.LIGHT_GRAY1 : Colors.DARK_GRAY1;
  const muted = dark ? Colors.GRAY4 : Colors.GRAY1;
  const grid = dark ? Colors.DARK_GRAY5 : Colors.LIGHT_GRAY2;
  const theme = useMemo(
    () => ({
      text: { fontFamily: FONT, fontSize: 12, fill: text },
      axis: { ticks: { line: { stroke: grid }, text: { fill: muted, fontSize: 11, fontFamily: FONT } }, domain: { line: { stroke: grid } } },
      grid: { line: { stroke: grid } },
    }),
    [text, muted, grid],
  );
  // nivo draws the first datum of a horizontal chart at the bottom: reversed, the biggest country is on top.
  const data = useMemo(() => [...bars].reverse(), [bars]);
  const longest = bars.reduce((n, b) => Math.max(n, b.country.length), 0);

  const Tooltip = useMemo(
    () =>
      function Tooltip({ data: bar }: BarTooltipProps<CountryBar>) {
        return (
          <div className={Classes.ELEVATION_2} style={{ background: dark ? Colors.DARK_GRAY3 : Colors.WHITE, color: text, padding: '6px 10px', borderRadius: 4, fontSize: 13 }}>
            <strong>{bar.country}</strong>
            <div>
              {keyNames.won}: {count(bar.won)}
            </div>
            <div>
              {keyNames.rest}: {count(bar.rest)}
            </div>
          </div>
        );
      },
    [dark, text, count, keyNames],
  );

  return (
    <div ref={box} style={{ height }} aria-hidden="true">
      <ResponsiveBar<CountryBar>
        data={data}
        keys={['won', 'rest']}
        indexBy="country"
        layout="horizontal"
        groupMode="stacked"
        margin={{ top: 4, right: 24, bottom: 32, left: Math.min(180, 16 + longest * 7) }}
        padding={0.25}
        colors={({ id }) => colors[id as 'won' | 'rest']}
        theme={theme}
        enableLabel={false}
        enableGridY={false}
        enableGridX
        animate={false}
        axisLeft={{ tickSize: 0, tickPadding: 8 }}
        axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: 5, format: (v: number) => short(v) }}
        tooltip={Tooltip}
        role="presentation"
        isFocusable={false}
      />
    </div>
  );
}
