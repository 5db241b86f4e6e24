import { useEffect, useMemo, useState } from 'react';
import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, Callout, Card, H4, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { Edit, Plus, Trash } from '@blueprintjs/icons';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import type { CampaignStore } from './CampaignStore';
import type { RuleMatch, UpdatingRule, UpdatingRuleView } from '../../../generated/types';
import { useMoney } from '../../common/useMoney';

const NEW_RULE: FormValues = { action: 'pause', is_active: true, period_days: 7, conditions: [{ field: 'cost', operation: 'greater', value: '' }] };

/** The rule form: edit the rule, see which campaigns it would act on now, then save. */
const RuleEditor = observer(function RuleEditor({ entry, campaign, rule, onDone }: { entry: SchemaEntry; campaign: CampaignStore; rule: UpdatingRuleView | null; onDone(): void }) {
  const intl = useIntl();
  const { api, settings } = useStores();
  const money = useMoney();
  const [matches, setMatches] = useState<RuleMatch[] | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const store = useMemo(
    () =>
      new FormStore<UpdatingRuleView>(entry, {
        initial: rule ? { action: rule.action, is_active: rule.is_active, period_days: rule.period_days, conditions: rule.conditions } : NEW_RULE,
        submit: (values) => campaign.saveRule(values as unknown as UpdatingRule, rule?.id),
      }),
    [entry, campaign, rule],
  );
  // The most conditions a rule may have comes from GET settings: say it up front, and offer no "add" past it.
  const count = useMemo(() => computed(() => (store.values.conditions as unknown[] | undefined)?.length ?? 0), [store]).get();
  const max = settings.data?.campaign_updating_rules?.max_conditions;
  const conditionsPatch = useMemo(
    () => (max ? { conditions: { 'ui:description': intl.formatMessage({ id: 'rules.maxConditions' }, { max, count }), 'ui:options': { orderable: false, addable: count < max } } } : undefined),
    [max, count, intl],
  );
  const preview = async () => {
    setPreviewing(true);
    try {
      const { data } = await api.post<{ data: RuleMatch[] }>('campaign-updating-rules/preview', store.prunedValues(), { silent: true });
      setMatches(data);
    } catch (error) {
      const errors = (error as { errors?: Record<string, string[]> }).errors;
      if (errors) store.setErrors(errors);
      else toast(intl.formatMessage({ id: 'rules.previewFailed' }));
    } finally {
      setPreviewing(false);
    }
  };
  const saved = store.result;
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  return (
    <Card compact>
      <SchemaForm store={store} theme={theme} uiPatch={conditionsPatch}>
        {/* Children replace RJSF's own submit button: the form's three actions sit together. */}
        <Button type="submit" intent="primary" loading={store.submitting} text={intl.formatMessage({ id: rule ? 'rules.save' : 'rules.add' })} />
        <Button loading={previewing} onClick={() => void preview()} text={intl.formatMessage({ id: 'rules.preview' })} style={{ marginLeft: 8 }} />
        <Button variant="minimal" onClick={onDone} text={intl.formatMessage({ id: 'campaigns.cancel' })} />
      </SchemaForm>
      {matches ? (
        <Callout intent={matches.length ? 'warning' : 'none'} compact title={intl.formatMessage({ id: 'rules.matches' }, { count: matches.length })} style={{ marginTop: 12 }}>
          {matches.length ? (
            <HTMLTable compact>
              <thead>
                <tr>
                  <th>{intl.formatMessage({ id: 'campaigns.column.name' })}</th>
                  <th>{intl.formatMessage({ id: 'stats.impressions' })}</th>
                  <th>{intl.formatMessage({ id: 'stats.clicks' })}</th>
                  <th>{intl.formatMessage({ id: 'stats.spend' })}</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((m) => (
                  <tr key={m.id}>
                    <td>{m.name}</td>
                    <td>{intl.formatNumber(m.impressions)}</td>
                    <td>{intl.formatNumber(m.clicks)}</td>
                    <td>{money(m.spend)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : null}
        </Callout>
      ) : null}
    </Card>
  );
});

/** The campaign's updating rules: a list with on/off, edit and delete (confirmed), and the rule form. */
export const UpdatingRulesPanel = observer(function UpdatingRulesPanel({ store }: { store: CampaignStore }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<UpdatingRuleView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UpdatingRuleView | null>(null);
  const rules = store.campaign?.updating_rules ?? [];
  const describe = (rule: UpdatingRuleView) =>
    rule.conditions
      .map((c) => `${intl.formatMessage({ id: `schema.campaigns_updating_rule.conditions[].field.enum.${c.field}` })} ${intl.formatMessage({ id: `schema.campaigns_updating_rule.conditions[].operation.enum.${c.operation}` })} ${c.value}`)
      .join(intl.formatMessage({ id: 'rules.and' }));
  return (
    <Card>
      <H4>{intl.formatMessage({ id: 'rules.title' })}</H4>
      {rules.length === 0 && editing === null ? <p className="bp6-text-muted">{intl.formatMessage({ id: 'rules.empty' })}</p> : null}
      <ul className="bp6-list-unstyled">
        {rules.map((rule) => (
          <li key={rule.id} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '4px 0' }}>
            <Switch
              checked={rule.is_active}
              aria-label={intl.formatMessage({ id: 'rules.toggle' })}
              onChange={() => void store.saveRule({ action: rule.action, period_days: rule.period_days, conditions: rule.conditions, is_active: !rule.is_active } as UpdatingRule, rule.id).catch(() => toast(intl.formatMessage({ id: 'rules.saveFailed' })))}
              style={{ margin: 0 }}
            />
            <span style={{ flex: 1 }}>
              {intl.formatMessage({ id: 'rules.sentence' }, { conditions: describe(rule), days: rule.period_days, action: intl.formatMessage({ id: `schema.campaigns_updating_rule.action.enum.${rule.action}` }) })}{' '}
              {rule.is_active ? null : <Tag minimal>{intl.formatMessage({ id: 'rules.off' })}</Tag>}
              {rule.last_applied_at ? (
                <span className="bp6-text-muted bp6-text-small" data-testid={`rule-last-applied-${rule.id}`}>
                  {' '}
                  {intl.formatMessage({ id: 'rules.lastApplied' }, { date: intl.formatDate(rule.last_applied_at, { dateStyle: 'medium', timeStyle: 'short' }) })}
                </span>
              ) : null}
            </span>
            <Button variant="minimal" icon={<Edit />} aria-label={intl.formatMessage({ id: 'rules.edit' })} onClick={() => setEditing(rule)} />
            <Button variant="minimal" intent="danger" icon={<Trash />} aria-label={intl.formatMessage({ id: 'rules.delete' })} onClick={() => setDeleting(rule)} />
          </li>
        ))}
      </ul>
      {editing === null ? (
        <Button icon={<Plus />} text={intl.formatMessage({ id: 'rules.new' })} onClick={() => setEditing('new')} disabled={store.campaign?.status === 'archived'} />
      ) : (
        <SchemaEntryGate id="campaigns_updating_rule">
          {(entry) => <RuleEditor key={editing === 'new' ? 'new' : editing.id} entry={entry} campaign={store} rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        </SchemaEntryGate>
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<Trash />}
        cancelButtonText={intl.formatMessage({ id: 'campaigns.cancel' })}
        confirmButtonText={intl.formatMessage({ id: 'rules.delete' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void store.deleteRule(deleting.id).catch(() => undefined);
          setDeleting(null);
        }}
      >
        <p>{intl.formatMessage({ id: 'rules.deleteConfirm' })}</p>
      </Alert>
    </Card>
  );
});
