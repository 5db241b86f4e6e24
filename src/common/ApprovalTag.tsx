import { useIntl } from 'react-intl';
import { Tag, type Intent } from '@blueprintjs/core';
import type { RejectCause } from '../../generated/types';

const INTENT: Record<string, Intent> = { approved: 'success', rejected: 'danger', needs_edits: 'warning', pending: 'primary' };

/**
 * An ad's approval as a coloured tag with the reject cause beside it; no approval reads "waiting for a campaign".
 * A cause is its name (as the ad list sends it) or the cause itself: the system one, the automatic content check's,
 * is the panel's own text and is translated; the moderators' causes are shown as they wrote them.
 */
export function ApprovalTag({ status, cause }: { status: string | null; cause?: string | Pick<RejectCause, 'name' | 'is_system'> | null }) {
  const intl = useIntl();
  const tag = (
    <Tag minimal intent={INTENT[status ?? ''] ?? 'none'}>
      {intl.formatMessage({ id: `ads.approval.${status ?? 'none'}` })}
    </Tag>
  );
  if (!cause) return tag;
  const name = typeof cause === 'string' ? cause : cause.is_system ? intl.formatMessage({ id: 'ad.scans' }) : cause.name;
  return (
    <span>
      {tag} <small>{name}</small>
    </span>
  );
}
