/**
 * Stands in, in the build, for the MUI components the DataGrid's default slots import only for
 * features the kit turns off (the filter panel's multi-value inputs: Autocomplete; Pro panels: Tabs).
 * See `dropUnusedGridSlots` in vite.config.ts. Rendering it is a bug, so it says so.
 */
export default function UnusedGridSlot(): never {
  throw new Error('vp-admin-kit: a DataGrid feature the kit turns off tried to render (Autocomplete or Tabs).');
}
