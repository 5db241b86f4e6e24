import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { App } from './app/App';
import { rememberAffiliate } from './areas/accounts/affiliate';

// A referral link may land on any page: keep its code before anything else happens.
rememberAffiliate(window.location);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
