import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';

/** A Blueprint button that is a real link to a route (middle-click and copy-link work) but navigates in-app. */
export function RouterAnchorButton({ to, ...props }: AnchorButtonProps & { to: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    props.onClick?.(event as MouseEvent<HTMLAnchorElement>);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <AnchorButton {...props} href={href} onClick={onClick} />;
}
