/** A panel path of a resource page with the object's id in place of `:id` (encoded). */
export const pathOf = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));
