import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cities, countries } from '../fixtures/geo';
import { createFixtureTransport } from '../fixtures/lookupTransport';
import { StoryForm } from '../support/StoryForm';

const ids = { type: 'array', items: { type: 'integer' }, uniqueItems: true } as const;

const geoSchema: RJSFSchema = {
  type: 'object',
  properties: {
    geo: {
      type: 'object',
      title: 'Geo targeting',
      properties: {
        countries: { ...ids, title: 'Countries' },
        regions: { ...ids, title: 'Regions' },
        cities: { ...ids, title: 'Cities' },
      },
    },
  },
};
const geoUi: UiSchema = {
  geo: {
    countries: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'countries' } } },
    regions: {
      'ui:widget': 'lookup',
      'ui:help': 'Only regions of the chosen countries are offered.',
      'ui:options': { source: { endpoint: 'regions', method: 'POST', search: 'query', ids: 'region_ids', params: { country_ids: '/geo/countries' } } },
    },
    cities: {
      'ui:widget': 'lookup',
      'ui:help': 'Searched on the server as you type (debounced); narrowed by the countries and regions above.',
      'ui:options': {
        source: {
          endpoint: 'cities',
          method: 'POST',
          search: 'query',
          ids: 'city_ids',
          params: { country_ids: '/geo/countries', region_ids: '/geo/regions' },
        },
      },
    },
  },
};

const meta = {
  title: 'Widgets/Lookup',
  component: StoryForm,
  parameters: {
    docs: { description: { component: 'Searchable, virtualized multi-select (single-select for scalar fields) over a declared option source.' } },
  },
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 250 countries from `GET collections/countries`, filtered in the browser. */
export const Countries: Story = {
  args: {
    schema: { type: 'object', properties: { countries: { ...ids, title: 'Countries' } } },
    uiSchema: { countries: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'countries' } } } },
  },
};

/** Countries → regions → cities: each list's request carries the ids chosen above it (JSON Pointer params). */
export const DependentGeo: Story = {
  args: { schema: geoSchema, uiSchema: geoUi, formData: { geo: { countries: [countries[0].id, countries[1].id] } } },
};

/** 5,000 cities in one list: only the rows in view are in the DOM, so search and scrolling stay smooth. */
export const FiveThousandCities: Story = {
  args: {
    schema: { type: 'object', properties: { cities: { ...ids, title: 'Cities (5,000, local filter)' } } },
    uiSchema: { cities: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'cities' }, maxTags: 15 } } },
  },
};

/** 300 cities already chosen: labels come from the Set-based index, tags collapse into "+N more". */
export const HundredsSelected: Story = {
  args: {
    ...FiveThousandCities.args,
    formData: { cities: cities.slice(0, 300).map((c) => c.id) },
  },
};

/** A scalar field: single choice, shown as one removable tag. */
export const SingleCountry: Story = {
  args: {
    schema: { type: 'object', properties: { country: { type: 'integer', title: 'Billing country' } } },
    uiSchema: { country: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'countries' } } } },
  },
};

/** The first load fails: reported silently (console here), an in-place retry appears; the retry succeeds. */
export const LoadFailsThenRetry: Story = {
  args: { ...Countries.args, transport: createFixtureTransport({ failFirst: 1 }) },
};

/** A slow network: the spinner shows while loading and typed searches are debounced and superseded ones aborted. */
export const SlowNetwork: Story = {
  args: { schema: geoSchema, uiSchema: geoUi, transport: createFixtureTransport({ latencyMs: 1500 }) },
};

/** A malformed declaration is shown in place with the field path and the valid keys. */
export const Misconfigured: Story = {
  args: {
    schema: { type: 'object', properties: { countries: { ...ids, title: 'Countries' } } },
    uiSchema: { countries: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'countries', serach: 'q' } } } },
    showData: false,
  },
};
