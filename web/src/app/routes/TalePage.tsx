import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { can } from '@common/policies';
import { appRoutes } from '@common/routes';
import type { Tale } from '@common/schemas/tale';
import { ApiError, isSuccess } from '@/api/client';
import { type TaleRef, taleQueries } from '@/api/tales';
import { isInIframe } from '@/app/shell/iframe';
import { Comments } from '@/features/comments/components/Comments';
import { FilesPanel } from '@/features/files/components/FilesPanel';
import { HistoryButton } from '@/features/history/components/HistoryButton';
import { LikeButton } from '@/features/likes/components/LikeButton';
import { NearbyTales } from '@/features/map/components/NearbyTales';
import { ShareButtons } from '@/features/share/components/ShareButtons';
import { useDeleteTale } from '@/features/tale/api/deleteTale';
import { TaleView } from '@/features/tale/components/TaleView';
import { clearDraft } from '@/features/tale/utils/localDraft';
import { useCurrentUser } from '@/lib/currentUser';
import NotFoundPage from './NotFoundPage';
import { PageLoading } from '@/ui/PageLoading';

// The editor, the date picker and the map fields load only when someone edits.
const TaleEditScreen = lazy(() => import('./TaleEditScreen'));
// Leaflet is big: only tales that show a map load it.
const TaleMap = lazy(() => import('@/features/map/components/TaleMap'));

const inIframe = isInIframe();
const ALIAS_SHAPE = /^[A-Za-z0-9_-]{1,100}$/;

/** A visitor at the new-tale address, or at a tale for members only: the page says what logging in is for. */
function LoginFirst({ toRead }: { toRead: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="py-5 text-center" data-testid="tale-login">
      <p className="lead">{toRead ? t('tale.loginToRead') : t('tale.loginToWrite')}</p>
      <Link to={appRoutes.login} className="btn btn-primary">
        {t('tale.login')}
      </Link>
    </section>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" className="my-4" data-testid="tale-not-found">
      <p>{t('tale.notFound')}</p>
      <Link to={appRoutes.feed} className="alert-link">
        {t('tale.toFeed')}
      </Link>
    </Alert>
  );
}

/** The map of a tale in view mode, with a spinner of the map's height while Leaflet loads. */
function MapOf({ tale }: { tale: Tale }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageLoading label={t('tale.loading')} height={500} />}>
      <TaleMap
        latitude={tale.geo_latitude}
        longitude={tale.geo_longitude}
        zoom={tale.geo_zoom}
        type={tale.geo_map_type}
        header={tale.header}
      />
      <NearbyTales tale={tale} />
    </Suspense>
  );
}

/**
 * /tale/upsert (the caller's unsaved tale), /tale/upsert/:id and /:alias: one tale in view or
 * edit mode, with the transitions of spec section 4. The page composes the tale screen with the
 * features shown on it: map, files, sharing, likes (of the tale and of each comment) and comments.
 * The address resolves to the tale's id; the tale itself is read from its one cache entry, which
 * likes, comments and saves elsewhere keep current.
 */
export default function TalePage() {
  const { t } = useTranslation();
  const { id, alias } = useParams();
  const ref: TaleRef = id ?? alias ?? null;
  // `/:alias` catches every one-segment address the app has no page for: only a slug can be a tale
  const aliasShaped = alias === undefined || ALIAS_SHAPE.test(alias);
  const user = useCurrentUser();
  const loggedIn = isLoggedIn(user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const address = useQuery({ ...taleQueries.address(ref), enabled: aliasShaped && (ref !== null || loggedIn) });
  // the address read has just written the tale into its entry: no second read on the way in
  const query = useQuery({ ...taleQueries.one(address.data ?? 0), enabled: address.data !== undefined, refetchOnMount: false });
  const remove = useDeleteTale();
  // the mode belongs to one tale: another tale opened in this screen starts by its own rule
  const [mode, setMode] = useState<{ taleId: number; editing: boolean } | null>(null);

  const tale = query.data;
  useEffect(() => {
    if (tale) document.title = `${tale.header.trim() || t('tale.untitled')} · Tales`;
  }, [tale, t]);

  if (!aliasShaped) return <NotFoundPage />;
  if (ref === null && !loggedIn) return <LoginFirst toRead={false} />;
  if (address.isPending || (address.data !== undefined && query.isPending)) return <PageLoading label={t('tale.loading')} />;
  if (!tale) {
    if (address.error instanceof ApiError && address.error.status === 401) return <LoginFirst toRead={ref !== null} />;
    // an address that is no tale's alias is simply a page the site does not have
    return alias !== undefined ? <NotFoundPage /> : <NotFound />;
  }

  const mayEdit = can.editTale(user, tale);
  // spec section 4: an unsaved tale opens straight in edit mode for its owner, an admin or a moderator
  const editing = mayEdit && (mode?.taleId === tale.id ? mode.editing : tale.is_submitted === 0);
  const showActions = mayEdit && !inIframe;

  const onSaved = (saved: Tale) => {
    setMode({ taleId: saved.id, editing: false });
    // the address follows the saved tale when it differs (a new tale, or an alias that changed)
    const routeMatches = ref === String(saved.id) || (!!saved.router_alias && ref === saved.router_alias);
    if (!routeMatches) navigate(appRoutes.tale(saved.id), { replace: true });
  };

  const onCancel = () => {
    if (tale.is_submitted !== 1) {
      navigate(appRoutes.home);
      return;
    }
    setMode({ taleId: tale.id, editing: false });
    void queryClient.invalidateQueries({ queryKey: taleQueries.one(tale.id).queryKey });
  };

  const onDelete = () =>
    remove.mutate(tale.id, {
      onSuccess: (env) => {
        if (!isSuccess(env)) return;
        clearDraft(tale.id);
        navigate(appRoutes.feed);
      },
    });

  if (editing) {
    return (
      <Suspense fallback={<PageLoading label={t('tale.loading')} />}>
        <TaleEditScreen
          key={tale.id}
          tale={tale}
          mayUseStaffFlags={can.setStaffFlags(user)}
          mayWriteFreeCode={can.writeFreeCode(user)}
          showActions={!inIframe}
          onSaved={onSaved}
          onCancel={onCancel}
          onDelete={onDelete}
          deleting={remove.isPending}
        />
      </Suspense>
    );
  }
  return (
    <TaleView
      tale={tale}
      showActions={showActions}
      onEdit={() => setMode({ taleId: tale.id, editing: true })}
      onDelete={onDelete}
      deleting={remove.isPending}
      map={<MapOf tale={tale} />}
      files={<FilesPanel tale={tale} />}
      share={<ShareButtons tale={tale} />}
      like={<LikeButton tale={tale} />}
      history={<HistoryButton tale={tale} />}
      comments={
        <Comments
          tale={tale}
          renderLike={(comment) => <LikeButton tale={comment} />}
          renderHistory={(comment) => <HistoryButton tale={comment} size="sm" variant="link" />}
        />
      }
    />
  );
}
