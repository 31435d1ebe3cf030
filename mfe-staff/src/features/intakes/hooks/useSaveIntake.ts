import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, type IntakeInput } from 'shared-api';
import { useFeedback } from 'shared-auth/dialogs';
import { serverFieldError, valuesToInput, type IntakeFormErrors, type IntakeFormValues } from '../components/intake-values';

/**
 * Sends the form (create or update), then back to the list of that
 * university; a refusal stays on the form, under the field it concerns or
 * above the fields in the server's words.
 */
export function useSaveIntake(send: (input: IntakeInput) => Promise<unknown>, success: string, listPath: string) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<IntakeFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { alert } = useFeedback();
  const navigate = useNavigate();

  const save = async (values: IntakeFormValues) => {
    const input = valuesToInput(values);
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      await send(input);
      await alert({ title: 'Success', text: success, icon: 'success' });
      void navigate(listPath);
    } catch (err) {
      const underField = serverFieldError(err, input);
      if (underField) setErrors(underField);
      else setProblem(errorText(err, 'Failed to save the intake'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, problem, save };
}
