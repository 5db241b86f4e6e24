import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useStores } from './context';
import { RouteFallback } from './RouteFallback';

/** /logout: signs out (revoking the token on the server) and goes to login. */
export default function LogoutRoute() {
  const stores = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void stores.signOut().then(() => live && navigate('/login', { replace: true }));
    return () => {
      live = false;
    };
  }, [stores, navigate]);
  return <RouteFallback />;
}
