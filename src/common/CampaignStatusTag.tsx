import { useIntl } from 'react-intl';
import { Tag, type Intent } from '@blueprintjs/core';

const INTENT: Record<string, Intent> = { active: 'success', paused: 'none', archived: 'danger' };
const PERIODS = new Set(['hourly', 'daily', 'total']);

/**
 * A campaign's status as a tag; a paused campaign that starts once approved says so, and one held by a limit
 * (`limit_exceeded_name`: hourly, daily, total) or stopped by the balance (`balance`) says which.
 */
export function CampaignStatusTag({ status, next, limit }: { status: string; next?: string | null; limit?: { name: string | null; type: string | null } }) {
  const intl = useIntl();
  const held = limit?.name && PERIODS.has(limit.name) && status === 'active' ? intl.formatMessage({ id: 'campaigns.held.limit' }, { period: limit.name, type: limit.type ?? 'money' }) : null;
  const frozen = limit?.name === 'balance' && status === 'paused' ? intl.formatMessage({ id: 'campaigns.held.balance' }) : null;
  return (
    <span>
      <Tag minimal intent={INTENT[status] ?? 'none'}>
        {intl.formatMessage({ id: `campaigns.status.${status}` })}
      </Tag>
      {status !== 'active' && next === 'active' ? <small> {intl.formatMessage({ id: 'campaigns.startsWhenApproved' })}</small> : null}
      {held || frozen ? (
        <>
          {' '}
          <Tag minimal intent={held ? 'warning' : 'danger'}>
            {held ?? frozen}
          </Tag>
        </>
      ) : null}
    </span>
  );
}
