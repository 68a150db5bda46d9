import { Card, CardContent, CardHeader } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A card of a screen: a level-2 heading, an optional action, the content; labelled by its heading. */
export function SectionCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { id, component: 'h2', variant: 'h6' } }}
        sx={{ pb: 0, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
