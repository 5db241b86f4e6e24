import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { settleToasts } from '../../src/app/toast';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The toaster lives in its own React root, which cleanup() does not unmount: let its last toasts finish first.
afterAll(settleToasts);
