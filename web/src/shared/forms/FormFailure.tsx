import Alert from 'react-bootstrap/Alert';

/** Why an account form's submission failed (SPEC §8), announced at once; nothing otherwise. */
export function FormFailure({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return (
    <Alert variant="danger" role="alert" data-testid={testId}>
      {text}
    </Alert>
  );
}
