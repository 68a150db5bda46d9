import { Button, IconButton, Popover } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';

/**
 * A button that opens its content in a popover below it: the editor's tools that do not fit beside
 * the cues. With an icon it is an icon button named by `label`; without, a small text button.
 */
export function PopoverButton({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  return (
    <>
      {icon ? (
        <IconButton aria-label={label} title={label} aria-expanded={anchor !== null} onClick={open}>
          {icon}
        </IconButton>
      ) : (
        <Button size="small" aria-expanded={anchor !== null} onClick={open}>
          {label}
        </Button>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        {children}
      </Popover>
    </>
  );
}
