import { Classes } from '@blueprintjs/core';
import { Tick } from '@blueprintjs/icons';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { LookupOption, Selection } from '../../engine/lookup';

export interface VirtualOptionListProps {
  id: string;
  options: readonly LookupOption[];
  selection: Selection;
  activeIndex: number;
  multiple: boolean;
  rowHeight: number;
  /** Height of the visible window; rows outside it are not in the DOM. */
  height: number;
  onToggle(option: LookupOption): void;
  onActivate(index: number): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

/** The id of the row element of option `index`, for `aria-activedescendant`. */
export const optionRowId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * A listbox that renders only the rows in view (plus a few), so thousands of options stay smooth.
 * Where layout gives no size (tests, hidden parents) it assumes its fixed height.
 */
export function VirtualOptionList({ id, options, selection, activeIndex, multiple, rowHeight, height, onToggle, onActivate, onKeyDown }: VirtualOptionListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: options.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    initialRect: { width: 300, height },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height })),
  });

  useEffect(() => {
    if (activeIndex >= 0 && activeIndex < options.length) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, options.length, virtualizer]);

  return (
    <div
      ref={scrollRef}
      id={id}
      role="listbox"
      aria-multiselectable={multiple || undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ height: Math.min(height, options.length * rowHeight), overflowY: 'auto', position: 'relative', outline: 'none' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const option = options[row.index];
          const selected = selection.has(option.value);
          const active = row.index === activeIndex;
          return (
            <div
              key={row.key}
              id={optionRowId(id, row.index)}
              role="option"
              aria-selected={selected}
              className={`${Classes.MENU_ITEM} ${active ? Classes.ACTIVE : ''}`}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${row.start}px)`,
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                cursor: 'pointer',
              }}
              // Keep focus in the search box while clicking rows.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onActivate(row.index)}
              onClick={() => onToggle(option)}
            >
              <span style={{ width: 16, display: 'inline-flex' }} aria-hidden>
                {selected ? <Tick /> : null}
              </span>
              <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} style={{ flex: 1 }}>
                {option.label}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
