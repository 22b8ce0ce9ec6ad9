import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AstroChart } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { formatDegreeMinute } from './format';
import { useAstroTerms } from './use-astro-terms';

/** The bodies of a chart (and the lagna when the time is known): sign, degree in sign, nakshatra and pada, retrograde. */
export function PlanetTable({ chart }: { chart: AstroChart }) {
  const { t } = useTranslation('astro');
  const terms = useAstroTerms();
  const rows = [
    ...(chart.lagna ? [{ key: 'lagna', name: terms.element.lagna, ...chart.lagna, retrograde: false }] : []),
    // "गुरु (बृहस्पति)" in the catalog: the table has room for the first name only.
    ...chart.planets.map((planet) => ({ ...planet, key: planet.body, name: terms.body[planet.body].replace(/\s*\(.*\)$/, '') })),
  ];
  return (
    // On a narrow phone the table scrolls sideways: focusable, so the keyboard can scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label={t('planets.caption')}>
      <Table size="small" aria-label={t('planets.caption')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('planets.body')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('planets.sign')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('planets.degree')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('planets.nakshatra')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-body={row.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {row.name}
                {row.retrograde && (
                  <abbr title={terms.element.retrograde} className="astro-retrograde">
                    {' '}
                    ({t('chart.retrogradeMark')})
                  </abbr>
                )}
              </TableCell>
              <TableCell>{terms.sign[row.sign]}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatDegreeMinute(row.degreeInSign)}
              </TableCell>
              <TableCell>
                {terms.nakshatra[row.nakshatra]}
                <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                  {t('planets.pada', { pada: row.pada })}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
