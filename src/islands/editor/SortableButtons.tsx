// Drag and drop reordering with dnd-kit: pointer, touch and keyboard (Space to lift, arrows to
// move, Space to drop, Escape to cancel), announced in Italian to screen readers.
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { restrictToVerticalAxis } from './dnd-modifiers';
import { GripVertical } from 'lucide-react';
import { t } from '../../core/messages';
import type { EditorButton } from '../../stores/editor/state';
import { moveButton } from '../../stores/editor/buttons';
import ButtonRow from './ButtonRow';

function SortableItem({ button, index }: { button: EditorButton; index: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: button.key,
  });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? 'is-dragging' : undefined}>
      <ButtonRow
        button={button}
        index={index}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="ed-row__handle"
            {...attributes}
            {...listeners}
            aria-label={t('editor.list.drag', { n: index + 1 })}
            aria-describedby="ed-dnd-help"
          >
            <GripVertical size={20} aria-hidden="true" />
          </button>
        }
      />
    </li>
  );
}

export default function SortableButtons({ buttons }: { buttons: EditorButton[] }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = buttons.map((b) => b.key);
  const pos = (id: string | number) => ids.indexOf(String(id)) + 1;
  const total = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('editor.dnd.picked', { n: pos(active.id), pos: pos(active.id), total }),
    onDragOver: ({ active, over }) =>
      over ? t('editor.dnd.over', { n: pos(active.id), pos: pos(over.id), total }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('editor.dnd.dropped', { n: pos(active.id), pos: pos(over.id), total }) : t('editor.dnd.cancelled'),
    onDragCancel: () => t('editor.dnd.cancelled'),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    moveButton(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      modifiers={[restrictToVerticalAxis]}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('editor.list.dragHelp') } }}
    >
      <p id="ed-dnd-help" className="visually-hidden">
        {t('editor.list.dragHelp')}
      </p>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="ed-list stack stack-list">
          {buttons.map((b, i) => (
            <SortableItem key={b.key} button={b} index={i} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
