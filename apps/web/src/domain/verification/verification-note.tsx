import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconShieldCheck } from '@tabler/icons-react';
import type { GateVerification, VerificationLevel } from '@freightdesk/shared/schemas/verification';

/**
 * Green, amber or red never by colour alone: an icon, a headline in words, and the reasons. The
 * colours are the dark shades, readable on white (WCAG 2.1 AA); the border carries the hue.
 */
export const VERIFICATION_LOOK: Record<VerificationLevel, { color: string; text: string; Icon: typeof IconBan }> = {
  // Darker than Mantine's 9 shades for green and orange (4.4:1 and 3.9:1 on white): at least 6:1.
  green: { color: 'green', text: '#1b5e20', Icon: IconShieldCheck },
  amber: { color: 'orange', text: '#8a3300', Icon: IconAlertTriangle },
  red: { color: 'red', text: '#a51d1d', Icon: IconBan },
};

/** `say` puts a reason in the screen's language (the gate board's, lib/message-words.ts); as written by default. */
export function VerificationNote(p: { verdict: GateVerification; headline: string; say?: (reason: string) => string }) {
  const { verdict, headline, say = (reason: string) => reason } = p;
  const look = VERIFICATION_LOOK[verdict.level];
  return (
    <Paper
      withBorder
      p="xs"
      role="status"
      aria-label={headline}
      data-level={verdict.level}
      style={{ borderLeft: `6px solid var(--mantine-color-${look.color}-7)` }}
    >
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <look.Icon size={20} aria-hidden="true" color={look.text} style={{ flexShrink: 0 }} />
          <Text size="sm" fw={700} style={{ color: look.text }}>
            {headline}
          </Text>
        </Group>
        {verdict.reasons.map((reason) => (
          <Text key={reason} size="sm">
            {say(reason)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
