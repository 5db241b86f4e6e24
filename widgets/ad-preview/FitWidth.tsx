import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface Fit {
  scale: number;
  /** The content's own width when it is wider than the box (px), else 0. */
  natural: number;
  height: number;
}

/**
 * Shows its content at real size when it fits the available width, else scaled down as a whole (a 728 × 90
 * banner in a 400 px column), so a preview is never cut off or scrolled sideways. Fluid content fills the box
 * as usual; only content wider than the box (fixed-size slots, players, frames) is scaled, keeping its own
 * layout, and the box takes the scaled height.
 */
export function FitWidth({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<Fit>({ scale: 1, natural: 0, height: 0 });

  useLayoutEffect(() => {
    const box = outer.current;
    const content = inner.current;
    if (!box || !content || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const available = box.clientWidth;
      const natural = content.scrollWidth;
      const next: Fit =
        available > 0 && natural > available + 1 ? { scale: available / natural, natural, height: content.scrollHeight * (available / natural) } : { scale: 1, natural: 0, height: 0 };
      setFit((f) => (Math.abs(f.scale - next.scale) < 0.001 && Math.abs(f.height - next.height) < 0.5 ? f : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(content);
    measure();
    return () => observer.disconnect();
  }, []);

  const scaled = fit.scale < 1;
  return (
    <div ref={outer} style={{ overflow: 'hidden', height: scaled ? fit.height : undefined }} data-scale={scaled ? fit.scale.toFixed(3) : undefined}>
      <div ref={inner} style={scaled ? { width: fit.natural, transform: `scale(${fit.scale})`, transformOrigin: '0 0' } : undefined}>
        {children}
      </div>
    </div>
  );
}
