import { useEffect, useRef } from 'react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import styles from './ApiReference.module.css';

/** What of Swagger UI's system this page uses: handing it a token to try calls with. */
interface SwaggerSystem {
  preauthorizeApiKey: (scheme: string, value: string) => void;
}

/**
 * The API reference (Swagger UI, loaded with this page only) over the OpenAPI document the page loaded. Calls are
 * tried with a personal API token the user pastes under Authorize, or the one just made (`token`); never with the
 * panel's own session, which this component does not see.
 */
export default function ApiReference({ spec, token }: { spec: object; token: string | null }) {
  const system = useRef<SwaggerSystem | null>(null);
  const latest = useRef(token);
  useEffect(() => {
    latest.current = token;
    if (token) system.current?.preauthorizeApiKey('bearerAuth', token);
  }, [token]);
  return (
    // The document is in English whatever the panel's language: said so, for screen readers and translators.
    <div className={styles.reference} lang="en">
      <SwaggerUI
        spec={spec}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        deepLinking={false}
        persistAuthorization={false}
        displayRequestDuration
        filter
        onComplete={(ready: SwaggerSystem) => {
          system.current = ready;
          if (latest.current) ready.preauthorizeApiKey('bearerAuth', latest.current);
        }}
      />
    </div>
  );
}
