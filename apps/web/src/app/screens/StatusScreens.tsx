import { Button, Result } from 'antd';
import { ErrorMessages, type RouteEntry } from '@casebook/domain';
import { useNavigate } from 'react-router';

/** A route the user may not open: the spec's permission message. */
export function NoAccessScreen() {
  return <Result status="403" title="Access denied" subTitle={ErrorMessages.permission} />;
}

/** /not-found, where unknown paths go. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you asked for does not exist."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go to the dashboard
        </Button>
      }
    />
  );
}

/** A route of the table whose screen belongs to a module that is not built yet. */
export function PlaceholderScreen({ route }: { route: RouteEntry }) {
  return (
    <div className="screen">
      <h1 className="screen-title">{route.title}</h1>
      <Result status="info" title={route.title} subTitle="This section is not available yet." />
    </div>
  );
}
