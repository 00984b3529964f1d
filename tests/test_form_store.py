"""Finished forms kept between builds (pnp.render.form_store): after a one-card edit, the build draws that card's
face and reads every other face from the last build's store, and its files are a clean build's bytes; a store file
that is damaged, moved or not this store's is never read, only drawn again; the store never follows a link."""
import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, assemble_fixture, digest

from pnp.build.game import BuildOptions, BuildTarget, build
from pnp.render import form_reuse, form_store

GAME = FIXTURE_GAME


@pytest.fixture(scope="module")
def first_build(tmp_path_factory):
    """The fixture project built once, and a copy of it as it then stood (the record holds the project's path:
    each test gets the copy back at that path)."""
    place = tmp_path_factory.mktemp("store")
    project = assemble_fixture(place / "project")
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    shutil.copytree(project, place / "as-built", symlinks=True)
    return project, place / "as-built"


@pytest.fixture
def project(first_build):
    project, as_built = first_build
    shutil.rmtree(project)
    shutil.copytree(as_built, project, symlinks=True)
    return project


@pytest.fixture
def drawing(monkeypatch):
    """What a build draws and what it reads from the store: the keys of the forms drawn, the files read."""
    monkeypatch.setenv("PNP_JOBS", "1")  # drawn in this process, where it is counted
    seen = {"drawn": [], "read": [], "bytes": []}
    end, load = form_reuse.DocumentForms.end, form_store.FormStore._load

    def drawn(self, key, width, height):
        seen["drawn"].append(key)
        return end(self, key, width, height)

    def read(self, name, cid, depth):
        kept = load(self, name, cid, depth)
        if kept is not None:
            seen["read"].append(name)
            seen["bytes"].append((self.folder / name).read_bytes())  # what the file held when it was read
        return kept

    monkeypatch.setattr(form_reuse.DocumentForms, "end", drawn)
    monkeypatch.setattr(form_store.FormStore, "_load", read)
    return seen


def edit_a_card(project: Path) -> None:
    deck = project / "content" / GAME / "decks" / "rooms.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "name: Crypt\n" in text
    deck.write_text(text.replace("name: Crypt\n", "name: Old Crypt\n", 1), encoding="utf-8")


def clean(project: Path, out: Path) -> dict[str, str]:
    result, report = build(BuildTarget(project, GAME, out))
    assert result is not None, report.to_text()
    return digest(result.out_dir)


def store_files(project: Path) -> list[Path]:
    return sorted(form_store.store_folder(project / "output", GAME).glob("*/*.form"))


def test_after_a_one_card_edit_only_its_face_is_drawn_and_the_files_are_a_clean_builds(project, tmp_path, drawing):
    assert store_files(project), "the first build kept its forms"
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    faces = {key for key in drawing["drawn"] if key.startswith(("face:", "back:"))}
    assert faces == {"face:crypt"}, "every other face is read from the store"
    assert drawing["read"], "forms were read back"
    assert digest(result.out_dir) == clean(project, tmp_path / "clean")


def test_a_damaged_renamed_or_foreign_store_file_is_never_read(project, tmp_path, drawing):
    files = store_files(project)
    damaged, renamed, rest = files[0], files[1], files[2:]
    data = damaged.read_bytes()
    damaged.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))  # a bit of its stream turned: its digest no longer holds
    # another form's id (a form may be kept in two variants, two files of one id: the other id is another form's)
    other = next(f for f in rest if f.name[:32] != renamed.name[:32])
    renamed = renamed.rename(renamed.with_name(other.name[:33] + renamed.name[33:]))
    payloads = [f.read_bytes().partition(b"\n")[2] for f in rest]
    for f, payload in zip(rest, payloads):  # well formed, digested with another key: another project's, say
        f.write_bytes(hashlib.blake2b(payload, key=b"another store", digest_size=16).hexdigest().encode() + b"\n" + payload)
    tampered = {f.read_bytes() for f in [damaged, renamed, *rest]}
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    # a form refused is drawn again and written over the file it refused; a later document of the same build may
    # read that new file back: only what was tampered with must never be read
    assert not tampered & set(drawing["bytes"]), "no tampered file was read as a form"
    assert digest(result.out_dir) == clean(project, tmp_path / "clean")


def signed_again(path: Path, header: dict, stream: bytes) -> Path:
    """The form file written again with `header`, digested with its store's own key and named as the store names a
    file: a file only its shape tells from one pnp wrote (the key is the drawing base, its folder's name)."""
    payload = json.dumps(header, separators=(",", ":")).encode() + b"\n" + stream
    mac = hashlib.blake2b(payload, key=bytes.fromhex(path.parent.name), digest_size=16).hexdigest().encode()
    path.unlink()
    signed = path.with_name(f"{header['id']}-{hashlib.blake2b(payload, digest_size=8).hexdigest()}.form")
    signed.write_bytes(mac + b"\n" + payload)
    return signed


def _outside_image(header: dict, outside: Path) -> bool:
    images = [use for use in header["uses"] if use[0] == "image"]
    for use in images:
        shutil.copyfile(use[1], outside)
        use[1] = str(outside)  # the same pixels, in a file outside the project
    return bool(images)


FORM_DAMAGES = {  # (what is changed in a form's header; False when the form has no such part)
    "a colour of a kind no backend has": lambda h, _: bool(h["colours"]) and h["colours"][0].__setitem__(0, "shade") is None,
    "a colour that is no colour": lambda h, _: bool(h["colours"]) and h["colours"][0].__setitem__(1, "teal") is None,
    "a font named by a list": lambda h, _: bool(h["fonts"]) and h["fonts"][0].__setitem__(0, [h["fonts"][0][0]]) is None,
    "a width that is text": lambda h, _: h.update(width=str(h["width"])) is None,
    "an image outside the project": _outside_image,
}


@pytest.mark.parametrize("damage", FORM_DAMAGES)
def test_a_store_file_of_another_shape_is_never_read(project, tmp_path, drawing, damage):
    """A form file that holds its store's digest but is not in every part what pnp writes (a store shipped by
    someone who knows the key) is never read as a form: drawn again, never a crash, never a file read elsewhere."""
    damaged = []
    for path in store_files(project):
        mac, _, payload = path.read_bytes().partition(b"\n")
        header, _, stream = payload.partition(b"\n")
        header = json.loads(header)
        if FORM_DAMAGES[damage](header, tmp_path / f"outside-{len(damaged)}.png"):
            damaged.append(signed_again(path, header, stream).name)
    assert damaged, f"no stored form has {damage}"
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    assert not set(damaged) & set(drawing["read"]), "the damaged forms were drawn again"
    assert digest(result.out_dir) == clean(project, tmp_path / "clean")


def test_a_store_copied_into_another_project_is_not_read(project, tmp_path, drawing):
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(project, elsewhere, symlinks=True)  # another folder: another drawing base
    edit_a_card(elsewhere)
    result, report = build(BuildTarget(elsewhere, GAME, elsewhere / "output"))
    assert result is not None, report.to_text()
    assert drawing["read"] == []


def test_the_store_is_never_opened_through_a_link(project, tmp_path, drawing):
    forms = project / "output" / ".pnp" / form_store.FOLDER
    outside = tmp_path / "outside"
    shutil.move(forms, outside)
    forms.symlink_to(outside, target_is_directory=True)
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    assert drawing["read"] == [] and forms.is_symlink()
    assert digest(result.out_dir) == clean(project, tmp_path / "clean")


def test_force_draws_every_form(project, drawing):
    result, report = build(BuildTarget(project, GAME, project / "output"), BuildOptions(force=True))
    assert result is not None, report.to_text()
    assert drawing["read"] == [] and any(key.startswith("face:") for key in drawing["drawn"])


def test_past_its_limit_a_store_drops_its_oldest_half(project, monkeypatch):
    files = store_files(project)
    for age, f in enumerate(files):
        os.utime(f, ns=(age * 10**9, age * 10**9))
    monkeypatch.setattr(form_store, "LIMIT", len(files) - 1)
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    now = store_files(project)
    written = len(set(now) - set(files))  # the edited card's new forms
    everything = len(files) + written
    assert len(now) == everything - everything // 2, "the oldest half went"
    gone = [i for i, f in enumerate(files) if not f.exists()]
    kept = [i for i, f in enumerate(files) if f.exists()]
    assert gone and max(gone) < min(kept), "the oldest went, the newest stayed"




def test_a_store_kept_under_another_reportlab_is_not_read(project, drawing, monkeypatch):
    import reportlab

    monkeypatch.setattr(reportlab, "Version", reportlab.Version + ".1")  # an upgrade draws its forms afresh
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    assert drawing["read"] == []


# -- image streams: each image's loaded stream kept beside the forms -------------------------------------------------
OPAQUE_ART = {"crypt.png", "hero-back.png", "treasure-ground.png"}  # the fixture's images without alpha


@pytest.fixture
def decoded(monkeypatch):
    """The image files a build decodes, drawn in this process as in a new one (no image or form loaded before)."""
    from pnp.render import pdf

    monkeypatch.setenv("PNP_JOBS", "1")
    files = []
    decode = pdf.print_image
    monkeypatch.setattr(pdf, "print_image", lambda path, *args: (files.append(Path(path).name), decode(path, *args))[1])
    pdf._image.cache_clear()
    monkeypatch.setattr(form_reuse, "_LIBRARY", {})
    yield files
    pdf._image.cache_clear()  # no image loaded from this test's store is left for the next


def image_stream_files(project: Path) -> list[Path]:
    return sorted((form_store.store_folder(project / "output", GAME) / form_store.IMAGES).glob("*.image"))


def test_after_a_one_card_edit_no_opaque_image_is_decoded_again_and_the_files_are_a_clean_builds(project, tmp_path,
                                                                                                decoded):
    """Full-bleed art at a real game's size: decoding, scaling and compressing every image again in each file type
    made a one-card edit cost nearly a clean build (issue 33). Their loaded streams are kept in the store; the next
    build puts them in as loaded."""
    assert image_stream_files(project), "the first build kept its images' streams"
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    assert not OPAQUE_ART & set(decoded), "no opaque image was decoded again"
    assert digest(result.out_dir) == clean(project, tmp_path / "clean")


def test_a_damaged_or_foreign_image_stream_is_never_read(project, tmp_path, decoded):
    files = image_stream_files(project)
    damaged, rest = files[0], files[1:]
    data = damaged.read_bytes()
    damaged.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))  # a bit of its stream turned: its digest no longer holds
    for f in rest:  # well formed, digested with another key: another project's or another pnp's
        payload = f.read_bytes().partition(b"\n")[2]
        f.write_bytes(hashlib.blake2b(payload, key=b"another store", digest_size=16).hexdigest().encode() + b"\n" + payload)
    edit_a_card(project)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    assert OPAQUE_ART <= set(decoded), "every image was decoded again"
    assert digest(result.out_dir) == clean(project, tmp_path / "clean")


def test_an_image_changed_leaves_no_stream_of_its_old_pixels(project, decoded):
    from PIL import Image

    before = {f.name for f in image_stream_files(project)}
    art = project / "content" / GAME / "art" / "crypt.png"
    Image.new("RGB", (400, 400), "#336699").save(art)
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    after = {f.name for f in image_stream_files(project)}
    assert after - before and before - after, "the new pixels' streams came, the old ones went"
