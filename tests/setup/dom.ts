import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { settleToasts } from '../../src/app/toast';
import { preloadRjsfTemplates } from '../../widgets/theme';

// The panel fetches the templates of objects and lists with a form's schema (preloadWidgets) before RJSF draws it;
// a test that renders such a form directly starts as the panel does, with them loaded.
await preloadRjsfTemplates();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The toaster lives in its own React root, which cleanup() does not unmount: let its last toasts finish first.
afterAll(settleToasts);
