import { useState, type ChangeEvent, type DragEvent } from 'react';

/**
 * One file, dropped on an area or chosen with a hidden `<input type="file">`: `over` while a drag is
 * above the area, the area's drag handlers, and the input's change handler.
 */
export function useFileDrop(onFile: (file: File) => void, disabled: boolean) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(false);
      const dropped = event.dataTransfer.files[0];
      if (dropped && !disabled) onFile(dropped);
    },
  };
  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen) onFile(chosen);
    event.target.value = ''; // choosing the same file again after Remove must fire change
  };
  return { over, dropProps, onInputChange };
}
