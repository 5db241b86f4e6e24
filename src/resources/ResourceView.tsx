import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Card, H2, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon, Refresh, Search } from '@blueprintjs/icons';
import type { ResourceManifest } from '../../engine/resource/manifest';
import { fillPath, ResourceItemStore } from '../../engine/resource/ResourceStore';
import { useStores } from '../app/context';
import { RouterAnchorButton } from '../shell/RouterAnchorButton';
import { FieldValue } from './FieldValue';
import { ResultDialog, RowActions, useActionFlow } from './ResourceActions';
import { useResourceText } from './useResource';
import { pathOf } from './paths';
import { saveFile } from './saveFile';
import styles from './resources.module.css';

/** Shows `children` once the object is loaded; a spinner meanwhile, "not found" for a 404, a retry after a failure. */
export const ItemGate = observer(function ItemGate({ manifest, items, children }: { manifest: ResourceManifest; items: ResourceItemStore; children: () => ReactNode }) {
  const intl = useIntl();
  const t = useResourceText(manifest);
  const back = <RouterAnchorButton to={manifest.routes.list} text={intl.formatMessage({ id: 'resources.back' }, { list: t('title', manifest.title) })} />;
  if (items.status === 'missing') return <NonIdealState icon={<Search size={48} />} title={intl.formatMessage({ id: 'resources.notFound' }, { item: t('item', manifest.item) })} action={back} />;
  if (items.status === 'error') {
    return (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={intl.formatMessage({ id: 'app.loadFailed' })}
        action={<Button icon={<Refresh />} text={intl.formatMessage({ id: 'resources.retry' })} onClick={() => void items.loader.retry()} />}
      />
    );
  }
  if (!items.row) return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  return <>{children()}</>;
});

/**
 * The view page of any resource: the manifest's fields of the object, its actions (those its status allows, with
 * confirmation where needed), its edit link and the related links its status allows. A deleted object leaves for the list.
 */
export const ResourceView = observer(function ResourceView({ manifest, id }: { manifest: ResourceManifest; id: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { api } = useStores();
  const t = useResourceText(manifest);
  const [items] = useState(() => new ResourceItemStore(manifest, api, { saveFile }));
  useEffect(() => {
    void items.load(id);
    return () => items.dispose();
  }, [items, id]);
  const nameOf = () => (items.row ? String(items.row[manifest.api.nameField ?? 'name'] ?? '') || `#${id}` : `#${id}`);
  const flow = useActionFlow({
    manifest,
    nameOf,
    runRow: (action) => items.runAction(action),
    afterRow: (action) => action.call.method === 'DELETE' && navigate(manifest.routes.list),
  });
  const statusField = manifest.api.statusField;
  const allows = (action: { statuses?: string[] }) => !action.statuses || (statusField !== undefined && action.statuses.includes(String(items.row?.[statusField] ?? '')));
  return (
    <section className={styles.page}>
      <ItemGate manifest={manifest} items={items}>
        {() => (
          <>
            <header className={styles.header}>
              <H2>{nameOf()}</H2>
              <RowActions
                manifest={manifest}
                row={items.row!}
                name={nameOf()}
                allows={allows}
                busy={items.busy}
                editTo={manifest.routes.edit && items.editable ? pathOf(manifest.routes.edit, id) : undefined}
                onAction={flow.request}
                minimal={false}
              />
            </header>
            <Card aria-label={t('item', manifest.item)}>
              <HTMLTable compact className={styles.fields}>
                <tbody>
                  {(manifest.view?.fields ?? []).map((field) => (
                    <tr key={field.id}>
                      <th scope="row">{t(`view.fields.${field.id}.title`, field.title)}</th>
                      <td>
                        <FieldValue manifest={manifest} field={field} row={items.row} path={`view.fields.${field.id}`} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </Card>
            <nav className={styles.links} aria-label={intl.formatMessage({ id: 'resources.links' })}>
              <RouterAnchorButton variant="minimal" to={manifest.routes.list} text={intl.formatMessage({ id: 'resources.back' }, { list: t('title', manifest.title) })} />
              {(manifest.view?.links ?? []).filter(allows).map((link) => (
                <RouterAnchorButton key={link.id} variant="minimal" to={fillPath(link.route, items.row ?? {})} text={t(`view.links.${link.id}.title`, link.title)} />
              ))}
            </nav>
          </>
        )}
      </ItemGate>
      {flow.dialogs}
      <ResultDialog manifest={manifest} result={items.result} onClose={items.dismissResult} />
    </section>
  );
});
