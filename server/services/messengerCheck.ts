import { messengers } from '../reference/curated/lists';

const known = new Set(messengers.map((m) => m.id));

/** Field errors of a messengers list: unknown messenger ids and the same messenger twice. */
export function messengerErrors(list: { messenger_id: number }[] | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  (list ?? []).forEach((m, i) => {
    if (!known.has(m.messenger_id)) errors[`messengers.${i}.messenger_id`] = ['Choose a messenger from the list.'];
    else if (seen.has(m.messenger_id)) errors[`messengers.${i}.messenger_id`] = ['This messenger is already listed.'];
    seen.add(m.messenger_id);
  });
  return errors;
}

/** The messenger list item of a profile. */
export function messengerName(id: number): string {
  return messengers.find((m) => m.id === id)?.name ?? `#${id}`;
}
