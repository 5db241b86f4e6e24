import { Classes } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The box a chart draws in: whether the page around it is dark (Blueprint's `bp6-dark` on an ancestor), the accent
 * colour of the network's theme there (widgets/theme/accents.ts; null for Blueprint's own), and its width, followed
 * as it changes (a phone turned, the sidebar collapsed) so the axis shows as many labels as fit.
 * Put `ref` on the chart's container.
 */
export function useChartBox(fallbackWidth = 600) {
  const ref = useRef<HTMLDivElement>(null);
  const [dark, setDark] = useState(false);
  const [accent, setAccent] = useState<string | null>(null);
  const [width, setWidth] = useState(fallbackWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const isDark = !!element.closest(`.${Classes.DARK}`);
    setDark(isDark);
    setAccent(getComputedStyle(element).getPropertyValue(isDark ? '--accent-5' : '--accent-3').trim() || null);
    setWidth(element.clientWidth || fallbackWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width) || fallbackWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallbackWidth]);
  return { ref, dark, width, accent };
}
