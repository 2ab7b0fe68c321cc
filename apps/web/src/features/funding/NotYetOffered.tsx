import { Result } from 'antd';

/** A Funding screen whose module is not built yet: it says so rather than showing an empty list. */
function NotYetOffered({ title }: { title: string }) {
  return (
    <div className="screen">
      <h1 className="screen-title">{title}</h1>
      <Result status="info" title={title} subTitle="This section is not available yet." />
    </div>
  );
}

/** Funding invoices are not built yet. */
export function FundingInvoicesPage() {
  return <NotYetOffered title="Funding Invoices" />;
}
