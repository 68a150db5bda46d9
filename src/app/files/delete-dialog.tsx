import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface DeleteDialogProps {
  open: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Confirm Deletion' (spec §2): nothing is deleted until the user presses Delete. */
export function DeleteDialog({ open, busy, onConfirm, onCancel }: DeleteDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="vp-delete-file-title" aria-describedby="vp-delete-file-text">
      <DialogTitle id="vp-delete-file-title">Confirm Deletion</DialogTitle>
      <DialogContent>
        <DialogContentText id="vp-delete-file-text">Are you sure you want to delete this file?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
