/** The three big lists of the benchmark form: section key, title, collection and size. */
export const LISTS = [
  { key: 'countries', title: 'Countries', source: 'countries', count: 250 },
  { key: 'cities', title: 'Cities', source: 'cities', count: 5000 },
  { key: 'models', title: 'Device models', source: 'device-models', count: 2000 },
] as const;
