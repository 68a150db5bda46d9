import type { GridRowCheckboxProps } from '@mui/x-data-grid';
import { CHECKED_ICON, UNCHECKED_ICON } from './cell-icons';

/**
 * The grid's per-row selection checkbox as a native checkbox drawn by the cell stylesheet (the
 * grid's default is a Material Checkbox per row: ripple, styled wrappers, style serialisation on each
 * page change). The grid hands it the checked state, the label and its handlers; flat rows are never
 * indeterminate, and the grid passes no ref a row checkbox needs.
 */
export function RowCheckbox({ checked, disabled, tabIndex, onChange, onClick, onMouseDown, onKeyDown, slotProps }: GridRowCheckboxProps) {
  return (
    <span className="vp-checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        tabIndex={tabIndex}
        onChange={onChange}
        onClick={onClick}
        onMouseDown={onMouseDown}
        onKeyDown={onKeyDown}
        {...slotProps?.htmlInput}
      />
      {checked ? CHECKED_ICON : UNCHECKED_ICON}
    </span>
  );
}
