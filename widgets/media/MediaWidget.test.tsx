import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MediaStore, type MediaFile, type UploadKind } from '../../engine/media';
import { manualMediaTransport, mediaFile } from '../../tests/fixtures/mediaStore';
import { fields, templates, widgets } from '../index';

const image = (id: number, extra: Partial<MediaFile> = {}): MediaFile => mediaFile(id, { name: `icon-${id}.png`, ...extra });

/** A media store over a transport the test answers by hand. */
function fakeMedia(files: MediaFile[] = []) {
  const { calls, transport } = manualMediaTransport();
  const media = new MediaStore({ transport, report: vi.fn(), maxSize: { image: 300 * 1024 } });
  media.put(...files);
  return { media, calls, transport };
}

async function setup({ value, accept = 'image', files = [], context = true }: { value?: number; accept?: UploadKind | 'sound'; files?: MediaFile[]; context?: boolean } = {}) {
  const fake = fakeMedia(files);
  const onChange = vi.fn();
  const view = render(
    <Form
      schema={{ type: 'object', properties: { icon: { type: 'integer', title: 'Icon', minimum: 1 } } }}
      uiSchema={{ icon: { 'ui:widget': 'media', 'ui:options': { accept } } }}
      validator={validator}
      widgets={widgets}
      templates={templates}
      fields={fields}
      formContext={context ? { media: fake.media } : {}}
      formData={value === undefined ? {} : { icon: value }}
      onChange={(e) => onChange(e.formData)}
      noHtml5Validate
    />,
  );
  // The widget's code loads on first use (lazyWidget).
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  const fileInput = () => view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const lastValue = () => onChange.mock.calls.at(-1)?.[0]?.icon;
  return { ...fake, onChange, lastValue, fileInput, view };
}

const png = (name = 'new.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('MediaWidget', () => {
  it('shows a cached image with its name, size and dimensions', async () => {
    await setup({ value: 5, files: [image(5)] });
    const group = screen.getByRole('group', { name: 'Icon' });
    expect(group.querySelector('img')?.getAttribute('src')).toBe('https://core.example.com/media-files/t5/icon.png');
    expect(screen.getByText('icon-5.png')).toBeTruthy();
    expect(screen.getByText(/2 kB · 192 × 192/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('loads an id that is not cached and shows it when it arrives', async () => {
    const { calls } = await setup({ value: 8 });
    expect(screen.getByText('Loading the file…')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].req).toMatchObject({ method: 'GET', url: 'media/8' });
    await act(async () => calls[0].resolve({ data: image(8) }));
    expect(await screen.findByText('icon-8.png')).toBeTruthy();
  });

  it('says when an id cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    const { calls } = await setup({ value: 8 });
    await act(async () => calls[0].reject(new Error('404')));
    expect(await screen.findByText('File #8 could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toHaveLength(2);
  });

  it('uploads a picked file with progress and stores the new id', async () => {
    const { calls, fileInput, lastValue } = await setup();
    expect(fileInput().accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    expect(calls[0].req).toMatchObject({ method: 'POST', url: 'media' });
    expect((calls[0].req.data?.get('file') as File).name).toBe('new.png');
    expect(calls[0].req.data?.get('kind')).toBe('image');
    expect(screen.getByText('Uploading new.png…')).toBeTruthy();
    act(() => calls[0].req.onUploadProgress?.(0.4));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    await act(async () => calls[0].resolve({ data: image(31, { name: 'new.png' }) }));
    expect(lastValue()).toBe(31);
    expect(await screen.findByText('new.png')).toBeTruthy();
  });

  it('shows the server refusal under the field and keeps the old value', async () => {
    const { calls, fileInput, onChange } = await setup({ value: 5, files: [image(5)] });
    fireEvent.change(fileInput(), { target: { files: [png('huge.png')] } });
    const refused = Object.assign(new Error('Sended data is invalid'), { errors: { file: ['The image must be at most 300 KB.'] } });
    await act(async () => calls[0].reject(refused));
    expect(screen.getByRole('alert').textContent).toBe('The image must be at most 300 KB.');
    expect(screen.getByText('icon-5.png')).toBeTruthy();
    expect(onChange.mock.calls.every(([data]) => data.icon === 5)).toBe(true);
  });

  it('says so when the upload fails for another reason', async () => {
    const { calls, fileInput } = await setup();
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    await act(async () => calls[0].reject(new Error('Network Error')));
    expect(screen.getByRole('alert').textContent).toBe('The upload failed. Check your connection and try again.');
  });

  it('says the size limits before a file is picked, and not once one is chosen', async () => {
    await setup();
    expect(screen.getByText('Up to JPEG 300 kB, PNG 300 kB, GIF 300 kB, WEBP 300 kB.')).toBeTruthy();
    document.body.innerHTML = '';
    await setup({ value: 5, files: [image(5)] });
    expect(screen.queryByText(/^Up to/)).toBeNull();
  });

  it('refuses a file of the wrong type or too big before sending it', async () => {
    const { transport, fileInput } = await setup();
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toBe('“notes.txt” cannot be used here. Upload a JPEG, PNG, GIF or WebP image.');
    fireEvent.change(fileInput(), { target: { files: [png('big.png', 400 * 1024)] } });
    expect(screen.getByRole('alert').textContent).toBe('“big.png” is larger than 300 kB.');
    expect(transport).not.toHaveBeenCalled();
  });

  it('uploads a dropped file', async () => {
    const { calls } = await setup();
    const zone = screen.getByRole('group', { name: 'Icon' });
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], dropEffect: 'none' } });
    expect(screen.getByText('Drop the file to upload it')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [png('dropped.png')] } });
    expect((calls[0].req.data?.get('file') as File).name).toBe('dropped.png');
  });

  it('opens the file picker from the keyboard (a real button)', async () => {
    const user = userEvent.setup();
    const { fileInput } = await setup();
    const click = vi.spyOn(fileInput(), 'click').mockImplementation(() => {});
    const button = screen.getByRole('button', { name: 'Upload a file' });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('cancels an upload and keeps the old value', async () => {
    const user = userEvent.setup();
    const { calls, fileInput, lastValue } = await setup({ value: 5, files: [image(5)] });
    screen.getByRole('button', { name: 'Replace' }).focus();
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    // The same button turned into Cancel: the keyboard focus stayed on it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace' }));
    expect(calls[0].req.signal?.aborted).toBe(true);
    expect(screen.getByText('icon-5.png')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(lastValue() ?? 5).toBe(5);
  });

  it('removes the file', async () => {
    const user = userEvent.setup();
    const { lastValue } = await setup({ value: 5, files: [image(5)] });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(lastValue()).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload a file' }));
  });

  it('shows a video as a poster and a package by name with the right accept lists', async () => {
    const video = image(6, { kind: 'video', name: 'clip.mp4', mime_type: 'video/mp4', src: 'https://core.example.com/media-files/t6/clip.mp4', size: 3 * 1024 * 1024, custom_properties: {} });
    const first = await setup({ value: 6, accept: 'video', files: [video] });
    expect(first.fileInput().accept).toBe('video/mp4');
    expect(first.view.container.querySelector('video')?.getAttribute('src')).toBe(video.src);
    expect(screen.getByText('3 MB')).toBeTruthy();
    first.view.unmount();
    const pkg = image(7, { kind: 'package', name: 'banner.zip', mime_type: 'application/zip', src: 'https://core.example.com/media-files/t7/index.html', custom_properties: { entry: 'index.html' } });
    const second = await setup({ value: 7, accept: 'package', files: [pkg] });
    expect(second.fileInput().accept).toBe('application/zip');
    expect(screen.getByText('banner.zip')).toBeTruthy();
    expect(second.view.container.querySelector('img')).toBeNull();
  });

  it('names a developer mistake in place of the field', async () => {
    await setup({ context: false });
    expect(screen.getByText('Media field is misconfigured')).toBeTruthy();
    expect(screen.getByText(/has no formContext\.media/)).toBeTruthy();
  });

  it('names an unknown accept kind', async () => {
    await setup({ accept: 'sound' });
    expect(screen.getByText(/ui:options\/accept must be one of image, video, package; got "sound"/)).toBeTruthy();
  });
});
