import { useIntl } from 'react-intl';
import { Tag, type Intent } from '@blueprintjs/core';

const INTENT: Record<string, Intent> = { approved: 'success', rejected: 'danger', needs_edits: 'warning', pending: 'primary' };

/** An ad's approval as a coloured tag with the reject cause beside it; no approval reads "waiting for a campaign". */
export function ApprovalTag({ status, cause }: { status: string | null; cause?: string | null }) {
  const intl = useIntl();
  const tag = (
    <Tag minimal intent={INTENT[status ?? ''] ?? 'none'}>
      {intl.formatMessage({ id: `ads.approval.${status ?? 'none'}` })}
    </Tag>
  );
  if (!cause) return tag;
  return (
    <span>
      {tag} <small>{cause}</small>
    </span>
  );
}
