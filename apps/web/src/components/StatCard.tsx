import { Paper, Text } from '@mantine/core';

/** One figure of a report's summary: a small caption above a large value (`<testId>-value` for tests). */
export function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}
