"""glibc's dynamic-loader message for a library it cannot open, in every language glibc
translates it into: the one table of them.

Source: glibc's ``elf/dl-load.c`` raises ``_dl_signal_error (errno, name, NULL,
N_("cannot open shared object file"))`` when no file of the requested name can be opened,
and ``dlerror()`` (``dlfcn/dlerror.c``) formats it as ``"<name>: <text>: <strerror(errno)>"``,
both texts translated through the ``libc`` message catalogue (``_dl_exception_create`` /
``strerror`` call gettext with the ``libc`` domain), so a user whose ``LANG`` is German,
Chinese or Russian sees ``libcudart.so.11.0: 无法打开共享对象文件: 没有那个文件或目录``.
The translations below are glibc 2.36's ``po/<lang>.po`` entries (msgid
"cannot open shared object file" and msgid "No such file or directory"), read from the
compiled ``/usr/share/locale/<lang>/LC_MESSAGES/libc.mo`` of Debian 12's ``libc-l10n``
2.36-9+deb12u14 (https://sourceware.org/git/?p=glibc.git;a=tree;f=po;hb=refs/tags/glibc-2.36),
retrieved 2026-12-02.  ``tests/knowledge/test_dlerror_text.py`` re-reads every row from
the installed ``libc.mo`` files where they exist.

The log patterns (``logs/patterns.py`` ``lib.missing``) and the dependency reader of
``diagnosis/checks/libraries.py`` build their alternations from :data:`CANNOT_OPEN`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

#: The English msgid of the dlerror text (``elf/dl-load.c``).
CANNOT_OPEN_EN = "cannot open shared object file"
#: The English text of ``strerror(ENOENT)`` that follows it for a missing file.
NO_SUCH_FILE_EN = "No such file or directory"

#: ``language -> (cannot open shared object file, No such file or directory)`` as glibc
#: 2.36's translations print them (languages whose catalogue translates the first).
TRANSLATIONS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "be": ("не ўдалося адкрыць супольны аб'ектны файл", 'Няма такога файла ці каталога'),
    "bg": ('не може да се отвори файлът със споделения обект', 'Няма такъв файл или директория'),
    "ca": ('no s’ha pogut obrir el fitxer d’objecte compartit',
           'El fitxer o directori no existeix'),
    "cs": ('sdílený objektový soubor nelze otevřít', 'Adresář nebo soubor neexistuje'),
    "da": ('kan ikke åbne delt objektfil', 'Ingen sådan fil eller filkatalog'),
    "de": ('Kann die Shared-Object-Datei nicht öffnen', 'Datei oder Verzeichnis nicht gefunden'),
    "eo": ('ne eblas malfermi komunan objektdosieron', 'Dosiero aŭ dosierujo ne ekzistas'),
    "es": ('no se puede abrir el fichero del objeto compartido',
           'No existe el fichero o el directorio'),
    "fi": ('jaettua objektitiedostoa ei voi avata', 'Tiedostoa tai hakemistoa ei ole'),
    "fr": ("Ne peut ouvrir le fichier d'objet partagé", 'Aucun fichier ou dossier de ce type'),
    "gl": ('non se pode abrir un ficheiro de obxecto compartido',
           'Non hai tal ficheiro ou directorio'),
    "hr": ('nije moguće otvoriti datoteku zajedničkoga objekta',
           'Nema takve datoteke ili direktorija'),
    "hu": ('nem nyitható meg a megosztott objektumfájl', 'Nincs ilyen fájl vagy könyvtár'),
    "ia": ('impossibile de aperir un file de objecto condivise', 'Necun tal file o directorio'),
    "id": ('tidak dapat membuka berkas objek terbagi',
           'Tidak ada berkas atau direktori seperti itu'),
    "it": ('impossibile aprire il file oggetto condiviso', 'File o directory non esistente'),
    "ja": ('共有オブジェクトファイルを開けません', 'そのようなファイルやディレクトリはありません'),
    "ko": ('동적 오브젝트 파일을 열 수 없습니다', '그런 파일이나 디렉터리가 없습니다'),
    "lt": ('nepavyko atverti bendrojo objekto failo', 'Toks failas ar aplankas neegzistuoja'),
    "nl": ('kan gedeeld objectbestand niet openen', 'Bestand of map bestaat niet'),
    "pl": ('nie można otworzyć pliku obiektu dzielonego', 'Nie ma takiego pliku ani katalogu'),
    "pt": ('impossível abrir ficheiro-objecto partilhado', 'Ficheiro ou pasta inexistente'),
    "pt_BR": ('não é possível abrir arquivo compartilhado', 'Arquivo ou diretório inexistente'),
    "ru": ('невозможно открыть разделяемый объектный файл', 'Нет такого файла или каталога'),
    "sk": ('nie je možné otvoriť súbor zdieľaného objektu', 'Adresár alebo súbor neexistuje'),
    "sl": ('deljene predmetne datoteke ni mogoče odpreti',
           'Datoteka ali imenik s tem imenom ne obstaja'),
    "sr": ('не могу да отворим датотеку дељеног објекта', 'Нема такве датотеке или директоријума'),
    "sv": ('kan inte öppna delad objektfil', 'Filen eller katalogen finns inte'),
    "tr": ('paylaşımlı nesne dosyası açılamıyor', 'Böyle bir dosya ya da dizin yok'),
    "uk": ('не вдалося відкрити файл об’єктів спільного використання',
           'Немає такого файла або каталогу'),
    "vi": ('không thể mở tập tin đối tượng dùng chung', 'Không có tập tin hoặc thư mục như vậy'),
    "zh_CN": ('无法打开共享对象文件', '没有那个文件或目录'),
    "zh_TW": ('無法開啟共用物件', '沒有此一檔案或目錄'),
})

_APOSTROPHE = re.compile("['\u2019]")

#: Every text of "cannot open shared object file": English first, then the translations.
CANNOT_OPEN: tuple[str, ...] = (CANNOT_OPEN_EN, *dict.fromkeys(
    t[0] for t in TRANSLATIONS.values()))


def cannot_open_regex() -> str:
    """A regular expression (no groups) that matches any text of :data:`CANNOT_OPEN` as
    glibc prints it (case kept: a retyped English text is the explain engine's tolerant
    pass's to read, and says so); typographic and plain apostrophes match each other
    (catalogues and pastes use both)."""
    alts = "|".join(_APOSTROPHE.sub("['\u2019]", re.escape(t)) for t in CANNOT_OPEN)
    return f"(?:{alts})"


__all__ = ["CANNOT_OPEN", "CANNOT_OPEN_EN", "NO_SUCH_FILE_EN", "TRANSLATIONS",
           "cannot_open_regex"]
