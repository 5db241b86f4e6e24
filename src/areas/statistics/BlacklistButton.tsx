import { Alert, Button, Tag } from '@blueprintjs/core';
import { Disable } from '@blueprintjs/icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiClient } from '../../../engine/api';
import { toast } from '../../app/toast';

/** What a site or spot row needs to be blacklisted from one campaign. */
export interface BlacklistTarget {
  /** `sites` or `spots`: the key of the call's body. */
  dimension: 'site' | 'spot';
  id: number;
  /** The row's name (a domain, a spot id). */
  name: string;
  campaign: { id: number; name: string };
}

/**
 * A row's "Blacklist" button (column sets with `rowAction` blacklist): after a confirmation, the campaign stops
 * buying the row's site or spot (`POST campaigns/targets/{id}/blacklist`: added to its blacklist, or taken off its
 * whitelist). A row already done says so instead.
 */
export function BlacklistButton({ api, target, done, onDone }: { api: ApiClient; target: BlacklistTarget; done: boolean; onDone(): void }) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const t = (id: string) => intl.formatMessage({ id: `statistics.blacklist.${id}` }, { name: target.name, campaign: target.campaign.name, kind: target.dimension });
  if (done)
    return (
      <Tag minimal intent="danger">
        {t('done')}
      </Tag>
    );
  const send = async () => {
    setSending(true);
    try {
      await api.post(`campaigns/targets/${target.campaign.id}/blacklist`, { [`${target.dimension}s`]: [target.id] }, { silent: true });
      onDone();
      toast(t('saved'), 'success');
      setAsking(false);
    } catch (error) {
      toast((error as { message?: string }).message || t('failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button size="small" variant="minimal" intent="danger" icon={<Disable />} text={t('button')} aria-label={t('label')} onClick={() => setAsking(true)} />
      <Alert
        isOpen={asking}
        intent="danger"
        icon={<Disable />}
        loading={sending}
        confirmButtonText={t('confirm')}
        cancelButtonText={intl.formatMessage({ id: 'statistics.blacklist.cancel' })}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
        canEscapeKeyCancel={!sending}
      >
        <p>{t('question')}</p>
      </Alert>
    </>
  );
}
