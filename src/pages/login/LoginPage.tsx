import { useEffect, useMemo, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Card, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { bearerToken } from '../../../engine/api';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { useSchemaEntry } from '../../app/useSchemaEntry';
import { usePageTitle } from '../../app/usePageTitle';
import { NetworkBrand } from '../../app/NetworkBrand';
import styles from './LoginPage.module.css';

const LoginForm = observer(function LoginForm({ entry }: { entry: SchemaEntry }) {
  const { api, session, user } = useStores();
  const intl = useIntl();
  // Read at submit time, so a language switch does not rebuild the store and lose what was typed.
  const intlRef = useRef(intl);
  useEffect(() => {
    intlRef.current = intl;
  }, [intl]);

  const store = useMemo(
    () =>
      new FormStore(entry, {
        submit: async (values: FormValues) => {
          const answer = await api.request({ method: 'POST', url: 'auth/login', data: values });
          const token = bearerToken(answer.headers.authorization);
          user.clear();
          // Signed in: GuestOnly sends the user on to the page they wanted.
          if (!session.login(token)) throw new Error(intlRef.current.formatMessage({ id: 'login.noToken' }));
        },
      }),
    [entry, api, session, user],
  );

  return <SchemaForm store={store} theme={theme} submitText={intl.formatMessage({ id: 'login.submit' })} />;
});

/** The sign-in screen, rendered from schemas/forms/login.schema.json. */
export const LoginPage = observer(function LoginPage() {
  const intl = useIntl();
  const { network } = useStores();
  usePageTitle(intl.formatMessage({ id: 'login.title' }));
  const { entry, error } = useSchemaEntry('forms_login');

  return (
    <main className={styles.page}>
      <Card className={styles.card} elevation={2}>
        <NetworkBrand />
        <H2 className={styles.heading}>{intl.formatMessage({ id: 'login.heading' }, { network: network.name || '…' })}</H2>
        {entry ? (
          <LoginForm entry={entry} />
        ) : error ? (
          <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} />
        ) : (
          <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
        )}
      </Card>
    </main>
  );
});

export default LoginPage;
