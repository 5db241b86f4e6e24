import { describe, expect, it } from 'vitest';
import { joinAdForm, keywordTexts, mediaRefs, splitAdForm } from './adForm';

const ui = {
  icon: { 'ui:widget': 'media', 'ui:options': { accept: 'image' } },
  creatives: { items: { title: { 'ui:options': { keywordCheck: true } }, video: { 'ui:widget': 'media', 'ui:options': { accept: 'video' } } } },
};

describe('splitAdForm / joinAdForm', () => {
  it('one creative: rotation is random and not part of the form', () => {
    const input = splitAdForm({ name: ' A ', rotation_type: 'smart', hours_threshold: 3, creatives: [{ id: 4, title: 't', is_active: false }] });
    expect(input).toEqual({ name: 'A', size: null, model: { rotation_type: 'random' }, creatives: [{ id: 4, isActive: false, data: { title: 't' } }] });
    expect(joinAdForm({ name: 'A', model: input.model }, [{ id: 4, isActive: false, data: { title: 't' } }])).toEqual({ name: 'A', creatives: [{ id: 4, title: 't', is_active: false }] });
  });
  it('smart rotation keeps its thresholds only with two creatives or more', () => {
    const input = splitAdForm({ name: 'B', rotation_type: 'smart', hours_threshold: 3, impressions_threshold: 900, creatives: [{}, {}] });
    expect(input.model).toEqual({ rotation_type: 'smart', hours_threshold: 3, impressions_threshold: 900 });
    expect(splitAdForm({ name: 'B', rotation_type: 'random', hours_threshold: 3, creatives: [{}, {}] }).model).toEqual({ rotation_type: 'random' });
  });
  it('a format without creatives keeps its fields and size', () => {
    expect(splitAdForm({ name: 'C', size: '300x250', type: 'script', code: 'x' })).toEqual({ name: 'C', size: '300x250', model: { size: '300x250', type: 'script', code: 'x' }, creatives: null });
  });
});

describe('UI-schema driven lookups', () => {
  const data = { icon: 7, creatives: [{ title: 'Hi', video: 9 }, { title: 'Yo' }] };
  it('finds media references with their field paths and kinds', () => {
    expect(mediaRefs(ui, data)).toEqual([
      { field: 'icon', id: 7, accept: 'image' },
      { field: 'creatives.0.video', id: 9, accept: 'video' },
    ]);
  });
  it('finds the texts the keyword check reads', () => {
    expect(keywordTexts(ui, data)).toEqual([
      { field: 'creatives.0.title', text: 'Hi' },
      { field: 'creatives.1.title', text: 'Yo' },
    ]);
  });
});
