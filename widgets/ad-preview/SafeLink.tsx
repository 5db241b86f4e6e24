import type { ReactNode } from 'react';
import { httpUrl } from '../../engine/media';

interface SafeLinkProps {
  href: unknown;
  children: ReactNode;
  className?: string;
  title?: string;
}

/**
 * A link out of the preview for http(s) addresses only, in a new tab without opener or referrer; anything else
 * (an empty field, `javascript:`, a relative path) is shown as the same content without a link.
 */
export function SafeLink({ href, children, className, title }: SafeLinkProps) {
  const url = httpUrl(href);
  if (!url) {
    return (
      <span className={className} title={title}>
        {children}
      </span>
    );
  }
  return (
    <a className={className} title={title} href={url.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
