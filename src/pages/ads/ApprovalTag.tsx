import { useIntl } from 'react-intl';
import { Tag, Tooltip, type Intent } from '@blueprintjs/core';

const INTENT: Record<string, Intent> = { approved: 'success', rejected: 'danger', needs_edits: 'warning', pending: 'primary' };

/** An ad's approval as a coloured tag; a rejection shows its cause, and no approval reads "waiting for a campaign". */
export function ApprovalTag({ status, cause }: { status: string | null; cause?: string | null }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: `ads.approval.${status ?? 'none'}` });
  const tag = (
    <Tag minimal intent={INTENT[status ?? ''] ?? 'none'}>
      {text}
    </Tag>
  );
  if (!cause) return tag;
  return (
    <span>
      <Tooltip content={cause}>{tag}</Tooltip> <small>{cause}</small>
    </span>
  );
}
