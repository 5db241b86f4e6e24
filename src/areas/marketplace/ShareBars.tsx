import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Classes, Colors } from '@blueprintjs/core';
import { ResponsiveBar } from '@nivo/bar';

/** One bar: a label and its share in percent. */
export interface ShareBar {
  [key: string]: string | number;
  label: string;
  percent: number;
}

const FONT = '-apple-system, "BlinkMacSystemFont", "Segoe UI", "Roboto", "Helvetica Neue", sans-serif';

/**
 * Horizontal bars of shares in percent (a site's audience by age, gender or country), first on top, each labelled
 * with its value. Drawing only: the caller gives screen readers the same figures as text. Its own module, so nivo
 * loads only with a site report.
 */
export default function ShareBars({ bars, format }: { bars: ShareBar[]; format: (percent: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const [dark, setDark] = useState(false);
  useLayoutEffect(() => setDark(!!box.current?.closest(`.${Classes.DARK}`)), []);
  const text = dark ? Colors.LIGHT_GRAY1 : Colors.DARK_GRAY1;
  const theme = useMemo(() => ({ text: { fontFamily: FONT, fontSize: 12, fill: text }, axis: { ticks: { text: { fill: text, fontSize: 12, fontFamily: FONT } } } }), [text]);
  // nivo draws a horizontal chart's first datum at the bottom.
  const data = useMemo(() => [...bars].reverse(), [bars]);
  const longest = bars.reduce((n, b) => Math.max(n, b.label.length), 0);
  return (
    <div ref={box} style={{ height: bars.length * 30 + 8 }} aria-hidden="true">
      <ResponsiveBar<ShareBar>
        data={data}
        keys={['percent']}
        indexBy="label"
        layout="horizontal"
        margin={{ top: 4, right: 48, bottom: 4, left: Math.min(160, 12 + longest * 7) }}
        padding={0.3}
        valueScale={{ type: 'linear', min: 0, max: 100 }}
        colors={dark ? Colors.BLUE4 : Colors.BLUE3}
        theme={theme}
        enableGridY={false}
        enableGridX={false}
        axisLeft={{ tickSize: 0, tickPadding: 6 }}
        axisBottom={null}
        label={(d) => format(Number(d.value))}
        labelPosition="end"
        labelOffset={6}
        labelTextColor={text}
        animate={false}
        isInteractive={false}
        role="presentation"
        isFocusable={false}
      />
    </div>
  );
}
