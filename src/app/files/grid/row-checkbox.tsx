import type { GridRowCheckboxProps } from '@mui/x-data-grid';

/**
 * The grid's per-row selection checkbox as one native checkbox drawn by the cell stylesheet (the
 * grid's default is a Material Checkbox per row: ripple, styled wrappers, style serialisation on each
 * page change). One element, its box and tick drawn by CSS: a page of rows creates, styles and lays out
 * three elements fewer per row than with a wrapper and an icon (issue 44). The grid hands it the
 * checked state, the label and its handlers; flat rows are never indeterminate, and the grid passes no
 * ref a row checkbox needs.
 */
export function RowCheckbox({ checked, disabled, tabIndex, onChange, onClick, onMouseDown, onKeyDown, slotProps }: GridRowCheckboxProps) {
  return (
    <input
      type="checkbox"
      className="vp-checkbox"
      checked={checked}
      disabled={disabled}
      tabIndex={tabIndex}
      onChange={onChange}
      onClick={onClick}
      onMouseDown={onMouseDown}
      onKeyDown={onKeyDown}
      {...slotProps?.htmlInput}
    />
  );
}
