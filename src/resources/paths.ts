/** A panel path of a resource page with the object's id in place of `:id` (encoded). */
export const pathOf = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** A view link's path with the object's values in place of `{field}`. */
export const linkOf = (route: string, row: Record<string, unknown>) => route.replace(/\{([a-z_]+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')));
