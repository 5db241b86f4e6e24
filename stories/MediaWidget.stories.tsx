import { Card, Classes, H6 } from '@blueprintjs/core';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { MediaStore, type MediaFormContext, type UploadKind } from '../engine/media';
import webPushSchema from '../schemas/ad-formats/web-push/creative.schema.json';
import webPushUi from '../schemas/ad-formats/web-push/creative.ui.json';
import { fields, templates, widgets } from '../widgets';
import { AdPreview } from '../widgets/ad-preview/AdPreview';
import { createStoryMediaTransport } from './fixtures/mediaTransport';
import { FormDataPanel } from './support/FormDataPanel';

interface MediaStoryProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  /** Files bigger than this are refused by the story's server (422), in bytes. */
  refuseOverBytes?: number;
  /** Draw this preview kind beside the form. */
  preview?: 'push';
}

/** A form with the Blueprint theme and a media store over an in-story server, with its live value. */
function MediaStoryForm({ schema, uiSchema, formData, refuseOverBytes, preview }: MediaStoryProps) {
  const [data, setData] = useState<unknown>(formData);
  const [submitted, setSubmitted] = useState<unknown>(undefined);
  const formContext = useMemo<MediaFormContext>(
    () => ({ media: new MediaStore({ transport: createStoryMediaTransport({ refuseOverBytes }), report: (e) => console.warn('media failed', e) }) }),
    [refuseOverBytes],
  );
  const form = (
    <div style={{ width: 520 }}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        widgets={widgets}
        templates={templates}
        fields={fields}
        formContext={formContext}
        noHtml5Validate
        showErrorList="top"
        onChange={(e) => setData(e.formData)}
        onSubmit={(e) => setSubmitted(e.formData)}
      />
      <FormDataPanel values={data} submitted={submitted} />
    </div>
  );
  if (!preview) return form;
  return (
    <div style={{ display: 'flex', gap: 32, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {form}
      <Card style={{ position: 'sticky', top: 16 }}>
        <H6>Preview</H6>
        <AdPreview kind={preview} model={data} media={(id) => formContext.media.get(id)} />
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 12 }}>
          Uploads stay in this browser tab (blob: addresses).
        </p>
      </Card>
    </div>
  );
}

const meta = {
  title: 'Widgets/Media',
  component: MediaStoryForm,
  parameters: {
    docs: {
      description: {
        component:
          '`ui:widget: media`: the value is the id of an uploaded file. Upload by button (Enter or Space) or drag and drop, ' +
          'with progress; the server’s 422 message shows under the field and the old file stays. Needs `formContext.media` ' +
          '(a MediaStore). The story’s server refuses files over 300 KB.',
      },
    },
  },
} satisfies Meta<typeof MediaStoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const mediaField = (title: string, accept: UploadKind, help?: string): { schema: RJSFSchema; uiSchema: UiSchema } => ({
  schema: { type: 'object', properties: { file: { type: 'integer', title, minimum: 1 } } },
  uiSchema: { file: { 'ui:widget': 'media', 'ui:options': { accept }, ...(help ? { 'ui:help': help } : {}) } },
});

/** Nothing chosen yet: drop an image or press the button. */
export const EmptyImage: Story = { args: mediaField('Icon', 'image', 'Square, at least 192 × 192 px.') };

/** An image already chosen (its details load from `GET media/101`). */
export const ChosenImage: Story = { args: { ...mediaField('Large image', 'image'), formData: { file: 102 } } };

/** A video shows its first frame as the poster. */
export const ChosenVideo: Story = { args: { ...mediaField('Video', 'video', 'MP4 (H.264), up to the size limit.'), formData: { file: 107 } } };

/** An HTML5 package shows its name with an archive icon. */
export const ChosenPackage: Story = { args: { ...mediaField('HTML5 package', 'package', 'A zip with index.html at its root.'), formData: { file: 110 } } };

/** A file the server does not know: the load fails in place with a retry. */
export const MissingFile: Story = { args: { ...mediaField('Icon', 'image'), formData: { file: 4040 } } };

/** The server refuses anything over 10 KB: its message shows under the field and the old image stays. */
export const ServerRefuses: Story = { args: { ...mediaField('Icon', 'image'), formData: { file: 101 }, refuseOverBytes: 10 * 1024 } };

/** The web push creative form (schemas/ad-formats/web-push) with the live preview beside it. */
export const WebPushWithPreview: Story = {
  args: {
    schema: webPushSchema as unknown as RJSFSchema,
    uiSchema: webPushUi as UiSchema,
    formData: {
      name: 'Winter sneakers',
      creatives: [{ title: 'Sneakers −40% today', body: 'Warm winter sneakers. Free delivery!', button_one: 'Shop now', icon: 101, url: 'https://shop.example.com/winter', is_active: true }],
    },
    preview: 'push',
  },
};
