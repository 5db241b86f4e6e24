import { useIntl } from 'react-intl';
import { Tag, type Intent } from '@blueprintjs/core';

const INTENT: Record<string, Intent> = { active: 'success', paused: 'none', archived: 'danger' };

/** A campaign's status as a tag; a paused campaign that starts once approved says so. */
export function CampaignStatusTag({ status, next }: { status: string; next?: string | null }) {
  const intl = useIntl();
  return (
    <span>
      <Tag minimal intent={INTENT[status] ?? 'none'}>
        {intl.formatMessage({ id: `campaigns.status.${status}` })}
      </Tag>
      {status !== 'active' && next === 'active' ? <small> {intl.formatMessage({ id: 'campaigns.startsWhenApproved' })}</small> : null}
    </span>
  );
}
