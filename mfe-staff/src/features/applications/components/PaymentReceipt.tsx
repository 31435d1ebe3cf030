/**
 * The payment receipt on the staff application detail (issue 22): the same
 * fields the applicant's receipt shows, and the PDF. Read through the files
 * download, since the shell's shared-api client has no receipt call yet.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { filesApi, type Receipt } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { isAnswered } from 'shared-api/complete-view';
import { DetailList } from '../../../components/DetailList';
import { Loading } from '../../../components/Loading';
import { useReportSettled } from './ShownWhenSettled';

function save(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** A blob's text through FileReader, which every browser (and jsdom) has. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** `onSettled`: called once the receipt (or its failure) is in. */
export function PaymentReceipt({ applicationId, onSettled }: { applicationId: number; onSettled?: () => void }) {
  const loaded = useServerData(async () => JSON.parse(await readText(await filesApi.download(`/api/applications/${applicationId}/receipt`))) as Receipt, [applicationId]);
  useReportSettled(isAnswered(loaded), onSettled);
  const receipt = loaded.data;
  const [downloadFailed, setDownloadFailed] = useState(false);

  if (loaded.loading) return <Loading text="Loading receipt..." />;
  if (loaded.error || !receipt) return <Alert severity="error">Could not load the receipt. Please reload the page.</Alert>;

  const download = async () => {
    setDownloadFailed(false);
    try {
      save(await filesApi.download(`/api/applications/${applicationId}/receipt.pdf`), `receipt-${receipt.receiptNumber}.pdf`);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <Box>
      <DetailList
        items={[
          ['Receipt Number', receipt.receiptNumber],
          ['Date and Time', receipt.paidAtText],
          ['Amount', `${receipt.currency} ${receipt.amount.toFixed(2)}`],
          ['Paid By', receipt.payer ? `${receipt.channel}, ${receipt.payer}` : receipt.channel],
          ['Payment Reference', receipt.reference],
          ['Provider Reference', receipt.providerReference ?? 'Not given by the provider'],
          ['Application', `#${receipt.applicationId}, ${receipt.applicantName}`],
          ['University', receipt.universityName],
        ]}
      />
      <Button variant="outlined" sx={{ mt: 1.5 }} onClick={() => void download()}>
        Download receipt
      </Button>
      {downloadFailed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Could not download the receipt. Please try again.
        </Alert>
      )}
    </Box>
  );
}
