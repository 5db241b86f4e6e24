import { useIntl } from 'react-intl';
import type { AmountProblem } from './paymentMethods';

/** A field's problem: found before sending, or the server's own message. */
export type Problem = { client: AmountProblem | { kind: 'method' } } | { server: string };

/** The text of a field's problem in the user's language (limits as money in the network's currency). */
export function useProblemText(money: (value: string) => string) {
  const intl = useIntl();
  return (problem: Problem | undefined): string | undefined => {
    if (!problem) return undefined;
    if ('server' in problem) return problem.server;
    const p = problem.client;
    return intl.formatMessage({ id: `finances.problem.${p.kind}` }, 'limit' in p ? { limit: money(p.limit) } : undefined);
  };
}
