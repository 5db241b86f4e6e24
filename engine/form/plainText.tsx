import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx` inside RJSF (see vite.config.ts): descriptions and help texts come from data
 * files and translations and are shown as plain text. Rendering markup from data is a door for hostile
 * content, and the parser would add about 10 KiB gzip to every form page.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
