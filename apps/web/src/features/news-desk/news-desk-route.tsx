import { useParams } from 'react-router';
import { NewsDeskPage } from './news-desk-page';
import { NewsEditorPage } from './news-editor-page';

/** `/news/manage` is the desk's list; `/news/manage/new` and `/news/manage/<id>` its editor. */
export function NewsDeskRoute() {
  const { articleId } = useParams();
  return articleId === undefined ? <NewsDeskPage /> : <NewsEditorPage />;
}
