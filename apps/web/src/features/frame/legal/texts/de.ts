import type { BuiltInLegalTexts } from '../documents.js';

/** Deutsche Texte, dem türkischen Hinweis (KVKK) folgend und Nutzer nach dem aserbaidschanischen Gesetz einschließend. */
export const de: BuiltInLegalTexts = {
  personalData: (company) => ({
    title: 'Datenschutzhinweise zur Verarbeitung personenbezogener Daten',
    intro: [
      `Wir, ${company} (das „Unternehmen“), legen großen Wert auf die Sicherheit der personenbezogenen Daten, die über die Lernplattform Kampus (die „Plattform“) verarbeitet werden. Als Verantwortlicher nach dem geltenden Datenschutzrecht – insbesondere dem türkischen Gesetz Nr. 6698 zum Schutz personenbezogener Daten („KVKK“) und, für Nutzer in Aserbaidschan, dem Gesetz der Republik Aserbaidschan über personenbezogene Daten – informieren wir Sie im Folgenden darüber, zu welchen Zwecken und auf welcher Rechtsgrundlage wir Ihre Daten verarbeiten, an wen sie übermittelt werden können und welche Rechte Ihnen zustehen.`,
    ],
    sections: [
      {
        heading: '1. Verantwortlicher',
        paragraphs: [
          `Verantwortlicher für die Verarbeitung Ihrer personenbezogenen Daten ist ${company}. Die technische Infrastruktur der Plattform stellt ein Auftragsverarbeiter bereit, der im Namen und nach den Weisungen des Unternehmens handelt.`,
        ],
      },
      {
        heading: '2. Verarbeitete Daten und ihre Erhebung',
        items: [
          'Identitätsdaten: Vorname, Nachname, Benutzername, Personalnummer und, sofern das Unternehmen dies verlangt, Personalausweisnummer.',
          'Kontaktdaten: E-Mail-Adresse und Mobiltelefonnummer.',
          'Schulungs- und Bewertungsdaten: Ihnen zugewiesene und von Ihnen abgeschlossene Schulungen, Ihr Lernfortschritt, Ihre Antworten in Prüfungen und Umfragen samt Ergebnissen, Ihre Zertifikate, Punkte und Prämien.',
          'Sicherheits- und Protokolldaten: Zeitpunkte von An- und Abmeldung, IP-Adresse, Browser- und Geräteinformationen, aufgerufene Seiten sowie Aufzeichnungen über Vorgänge auf der Plattform.',
        ],
        closing: [
          'Ihre Daten werden elektronisch erhoben: durch Übermittlung des Unternehmens an die Plattform, durch Formulare, die Sie bei der Nutzung ausfüllen, und durch die automatische Protokollierung der Plattform.',
        ],
      },
      {
        heading: '3. Zwecke der Verarbeitung',
        items: [
          'Einrichtung Ihres Kontos, Überprüfung Ihrer Identität und Absicherung Ihrer Sitzung;',
          'Bereitstellung der Ihnen zugewiesenen Schulungen, Prüfungen und Umfragen, Verfolgung Ihres Fortschritts und Ausstellung Ihrer Zertifikate;',
          'Planung, Auswertung und Berichterstattung der internen Schulungsaktivitäten des Unternehmens;',
          'Zustellung von Benachrichtigungen, Mitteilungen und Erinnerungen;',
          'Gewährleistung der Informationssicherheit sowie Verhinderung und Erkennung unbefugter Zugriffe;',
          'Erfüllung gesetzlicher Pflichten und Beantwortung von Anfragen zuständiger Behörden.',
        ],
      },
      {
        heading: '4. Rechtsgrundlagen',
        paragraphs: [
          'Wir verarbeiten Ihre Daten, weil dies für den Abschluss oder die Erfüllung eines Vertrags unmittelbar erforderlich ist, zur Erfüllung einer rechtlichen Verpflichtung des Verantwortlichen, zur Begründung, Ausübung oder Verteidigung von Rechten sowie zur Wahrung berechtigter Interessen des Verantwortlichen, sofern Ihre Grundrechte und Grundfreiheiten nicht beeinträchtigt werden (Art. 5 Abs. 2 KVKK); soweit das Gesetz es verlangt, auf Grundlage Ihrer Einwilligung.',
          'Eine Verarbeitung, die auf keine dieser Grundlagen gestützt werden kann, erfolgt nur mit Ihrer ausdrücklichen Einwilligung. Diese können Sie jederzeit widerrufen; die Rechtmäßigkeit der bis dahin erfolgten Verarbeitung bleibt unberührt.',
        ],
      },
      {
        heading: '5. Übermittlung personenbezogener Daten',
        paragraphs: [
          'Beschränkt auf die genannten Zwecke können Ihre Daten an die Unternehmensgruppe, der das Unternehmen angehört, an mit Hosting und Wartung der Plattform beauftragte Technologiedienstleister, an Partner, die Schulungsinhalte bereitstellen, sowie an gesetzlich befugte Behörden übermittelt werden – unter den Voraussetzungen der Art. 8 und 9 KVKK und des aserbaidschanischen Gesetzes über personenbezogene Daten. Übermittlungen ins Ausland erfolgen nur mit den gesetzlich vorgeschriebenen Garantien.',
        ],
      },
      {
        heading: '6. Speicherdauer',
        paragraphs: [
          'Ihre Daten werden so lange gespeichert, wie es der Zweck der Verarbeitung erfordert, und für die gesetzlich vorgeschriebenen Aufbewahrungs- und Verjährungsfristen. Nach Ablauf dieser Fristen werden sie gelöscht, vernichtet oder anonymisiert.',
        ],
      },
      {
        heading: '7. Ihre Rechte',
        paragraphs: ['Gegenüber dem Verantwortlichen haben Sie das Recht,'],
        items: [
          'zu erfahren, ob Ihre personenbezogenen Daten verarbeitet werden, und gegebenenfalls Auskunft darüber zu verlangen;',
          'den Zweck der Verarbeitung zu erfahren und ob die Daten diesem Zweck entsprechend verwendet werden;',
          'die Dritten im In- und Ausland zu kennen, an die Ihre Daten übermittelt werden;',
          'die Berichtigung unvollständiger oder unrichtiger Daten zu verlangen;',
          'die Löschung oder Vernichtung Ihrer Daten unter den gesetzlichen Voraussetzungen zu verlangen;',
          'zu verlangen, dass Dritte, an die Ihre Daten übermittelt wurden, über eine Berichtigung, Löschung oder Vernichtung informiert werden;',
          'einem für Sie nachteiligen Ergebnis zu widersprechen, das ausschließlich durch automatisierte Auswertung Ihrer Daten entsteht;',
          'eine erteilte Einwilligung zu widerrufen;',
          'Ersatz des Schadens zu verlangen, der Ihnen durch unrechtmäßige Verarbeitung entstanden ist, und sich bei der zuständigen Aufsichtsbehörde oder einem Gericht zu beschweren.',
        ],
      },
      {
        heading: '8. Anträge und Antwortfrist',
        paragraphs: [
          'Anträge zu Ihren Rechten können Sie schriftlich unter Angabe von Informationen, die Sie identifizieren, oder von Ihrer beim Unternehmen hinterlegten E-Mail-Adresse an das Unternehmen richten.',
          'Ihr Antrag wird so schnell wie möglich, spätestens jedoch innerhalb von dreißig (30) Tagen, kostenlos beantwortet. Verursacht die Bearbeitung zusätzliche Kosten, kann die von der zuständigen Behörde festgelegte Gebühr erhoben werden.',
        ],
      },
    ],
  }),

  userInformation: (company) => ({
    title: 'Nutzerinformation',
    intro: [
      `Diese Lernplattform stellt ${company} auf der Infrastruktur von Kampus für die Schulung seiner Mitarbeitenden und Partner bereit. Sie melden sich mit dem Konto an, das ${company} für Sie eingerichtet hat.`,
    ],
    sections: [
      {
        heading: 'Ihr Konto und seine Sicherheit',
        items: [
          'Geben Sie Ihr Passwort an niemanden weiter und melden Sie sich nie mit dem Konto einer anderen Person an.',
          'Melden Sie sich an gemeinsam genutzten Geräten ab, wenn Sie fertig sind.',
          'Wenn Sie vermuten, dass Ihr Konto unbefugt genutzt wurde, ändern Sie sofort Ihr Passwort und informieren Sie Ihre Plattformadministration.',
        ],
      },
      {
        heading: 'Was die Plattform aufzeichnet',
        paragraphs: [
          'Ihre Teilnahme an Schulungen, Ihr Fortschritt, Ihre Prüfungs- und Umfrageergebnisse sowie erworbene Zertifikate und Punkte werden gespeichert und können berechtigten Führungskräften des Unternehmens in Berichten angezeigt werden. Aus Sicherheitsgründen werden außerdem Anmeldungen und aufgerufene Seiten protokolliert.',
        ],
      },
      {
        heading: 'Was in Ihrem Browser gespeichert wird',
        paragraphs: [
          'Die Plattform speichert verschlüsselt in Ihrem Browser die Schlüssel, die Sie angemeldet halten, Ihre Sprachwahl und die Information, dass Ihnen diese Hinweise angezeigt wurden. Diese Angaben dienen ausschließlich dem Betrieb der Plattform.',
        ],
      },
      {
        heading: 'Schulungsinhalte',
        paragraphs: [
          'Die Schulungsinhalte der Plattform gehören dem Unternehmen oder seinen Lizenzgebern. Sie dürfen nur für Ihre eigene Weiterbildung genutzt und ohne Erlaubnis weder kopiert noch aufgezeichnet oder weitergegeben werden.',
        ],
      },
      {
        heading: 'Ihre personenbezogenen Daten',
        paragraphs: [
          'Ausführliche Informationen zur Verarbeitung Ihrer personenbezogenen Daten finden Sie auf der Seite „Rechtliche Hinweise“ im Profilmenü. Anträge zu Ihren Rechten werden spätestens innerhalb von dreißig (30) Tagen beantwortet.',
        ],
      },
      {
        heading: 'Kontakt',
        paragraphs: [
          'Bei Fragen zur Plattform wenden Sie sich an die Personal- oder Weiterbildungsabteilung des Unternehmens oder an Ihre Plattformadministration.',
        ],
      },
    ],
  }),
};
