#!/usr/bin/env python3
"""Extract the command-line flags / config keys each training framework accepts, from the framework's own
source at a pinned commit, without importing it (no torch needed): its argument parser and config
dataclasses are read with Python's ast module.

    python3 tests/data/launch/extract_flags.py MEGATRON_GIT TORCHTITAN_GIT DEEPSPEED_GIT BRIDGE_GIT

Each argument is a git directory (a clone or a bare mirror) of, in order, NVIDIA/Megatron-LM,
pytorch/torchtitan, microsoft/DeepSpeed, NVIDIA-NeMo/Megatron-Bridge. The files are read with
`git show <commit>:<path>` at the commits pinned in PINS, and the lists are written beside this
script as flags-<framework>.txt, each headed by the repository, tag, commit and files read.
core/launch/ names the same versions; tests/core/test_launch.cpp checks that every flag or key an
export emits is in its framework's list.
"""
import ast
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

PINS = {
    "megatron": ("NVIDIA/Megatron-LM", "core_v0.19.0", "5be9626709af2722333bf54797c954c09edeada3"),
    "torchtitan": ("pytorch/torchtitan", "v0.2.2", "73a0e6979dd10b6b1904098eb3c8f62c18ab87ce"),
    "deepspeed": ("microsoft/DeepSpeed", "v0.16.4", "e2dc3eeb1923073e32739596a4fd051417d4ff92"),
    "bridge": ("NVIDIA-NeMo/Megatron-Bridge", "v0.6.0", "51885cf132b2814188b6855c25a8588254274c2a"),
}


def git_show(git_dir, commit, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def git_files(git_dir, commit, prefix):
    out = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", commit, prefix],
                         check=True, capture_output=True, text=True).stdout
    return [p for p in out.split() if p.endswith(".py")]


def resolve(git_dir, ref):
    return subprocess.run(["git", "--git-dir", git_dir, "rev-parse", ref + "^{commit}"], check=True,
                          capture_output=True, text=True).stdout.strip()


class ClassIndex:
    """Every class definition of some files: name -> (ClassDef, path)."""

    def __init__(self, lower=None):
        self.classes = {}
        self.aliases = {}  # from x import A as B: B -> A, looked up in `lower` (the imported package)
        self.lower = lower

    def add(self, source, path):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                self.classes.setdefault(node.name, (node, path))
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.asname and alias.asname != alias.name:
                        self.aliases[alias.asname] = alias.name

    def fields(self, name, seen=None):
        """(field name, annotation, default node, call node) of a dataclass and its bases, bases first."""
        seen = seen or set()
        if name in self.aliases and self.lower is not None:
            return self.lower.fields(self.aliases[name])
        if name not in self.classes and self.lower is not None:
            return self.lower.fields(name)
        if name not in self.classes or name in seen:
            return []
        seen.add(name)
        node, _ = self.classes[name]
        out = []
        for base in node.bases:
            base_name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None
            if base_name:
                out += self.fields(base_name, seen)
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                ann = ast.unparse(item.annotation)
                if ann.startswith("ClassVar") or item.target.id.startswith("_"):
                    continue
                out.append((item.target.id, ann, item.value))
        return out


def field_metadata_arg_names(value):
    """arg_names from field(metadata={"argparse_meta": {"arg_names": [...]}}), if written literally."""
    if not isinstance(value, ast.Call):
        return None
    for kw in value.keywords:
        if kw.arg == "metadata" and isinstance(kw.value, ast.Dict):
            for k, v in zip(kw.value.keys, kw.value.values):
                if isinstance(k, ast.Constant) and k.value == "argparse_meta" and isinstance(v, ast.Dict):
                    for k2, v2 in zip(v.keys, v.values):
                        if isinstance(k2, ast.Constant) and k2.value == "arg_names":
                            return [e.value for e in v2.elts]
    return None


def field_default(value):
    if isinstance(value, ast.Constant):
        return value.value
    if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "field":
        for kw in value.keywords:
            if kw.arg == "default" and isinstance(kw.value, ast.Constant):
                return kw.value.value
    return None


def megatron_flags(git_dir, commit):
    """megatron/training/arguments.py: every add_argument('--x') and every flag ArgumentGroupFactory
    (megatron/training/argument_utils.py) makes from a config dataclass: --field-name, and for a bool
    field that defaults to True its --no-field-name and --disable-field-name."""
    args_path = "megatron/training/arguments.py"
    tree = ast.parse(git_show(git_dir, commit, args_path))
    index = ClassIndex()
    files = (git_files(git_dir, commit, "megatron/training/config") +
             git_files(git_dir, commit, "megatron/training/models") +
             ["megatron/core/transformer/transformer_config.py", "megatron/core/model_parallel_config.py",
              "megatron/core/rerun_state_machine.py", "megatron/training/argument_utils.py"])
    for path in git_files(git_dir, commit, "megatron/training") + git_files(git_dir, commit, "megatron/core"):
        if path not in files and ("config" in path or "straggler" in path or "fault" in path):
            files.append(path)
    for path in files:
        try:
            index.add(git_show(git_dir, commit, path), path)
        except (subprocess.CalledProcessError, SyntaxError):
            pass
    flags = set()
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef):
            continue
        assigns = {}
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                try:
                    assigns[node.targets[0].id] = ast.literal_eval(node.value)
                except ValueError:
                    pass
        for node in ast.walk(func):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "add_argument":
                flags.update(a.value for a in node.args if isinstance(a, ast.Constant) and str(a.value).startswith("-"))
            elif name == "ArgumentGroupFactory":
                cls = node.args[0].id
                exclude = set()
                for kw in node.keywords:
                    if kw.arg == "exclude":
                        if isinstance(kw.value, ast.Name):
                            exclude = set(assigns.get(kw.value.id, []))
                        else:
                            exclude = set(ast.literal_eval(kw.value))
                fields = index.fields(cls)
                if not fields:
                    sys.exit(f"megatron: class {cls} not found")
                for fname, ann, value in fields:
                    if fname in exclude:
                        continue
                    names = field_metadata_arg_names(value)
                    if names is None:
                        dashed = fname.replace("_", "-")
                        if ann in ("bool", "Optional[bool]", "bool | None") and field_default(value) is True:
                            names = ["--no-" + dashed, "--disable-" + dashed]
                        else:
                            names = ["--" + dashed]
                    flags.update(names)
    return sorted(flags), [args_path, "megatron/training/argument_utils.py"] + sorted(set(files) & {
        "megatron/core/transformer/transformer_config.py", "megatron/core/model_parallel_config.py"}) + [
        "megatron/training/config/*.py"]


def torchtitan_keys(git_dir, commit):
    """torchtitan/config/job_config.py: JobConfig's fields are the TOML's sections, each section's
    dataclass fields its keys: section.key."""
    path = "torchtitan/config/job_config.py"
    index = ClassIndex()
    index.add(git_show(git_dir, commit, path), path)
    keys = set()
    for section, ann, _ in index.fields("JobConfig"):
        for key, _, _ in index.fields(ann):
            keys.add(f"{section}.{key}")
    return sorted(keys), [path]


def deepspeed_keys(git_dir, commit):
    """deepspeed/runtime/constants.py (and zero/offload_constants): every string constant, the config's
    key names; deepspeed/runtime/zero/config.py and offload_config.py: the pydantic fields (and their
    aliases) of zero_optimization and its offload_optimizer / offload_param objects, as dotted paths."""
    keys = set()
    const_files = ["deepspeed/runtime/constants.py", "deepspeed/runtime/zero/config.py"]
    for path in const_files:
        for node in ast.parse(git_show(git_dir, commit, path)).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                # a key is a lower-case identifier; the file's format descriptions are strings too
                if all(isinstance(t, ast.Name) and t.id.isupper() for t in node.targets) and \
                        re.fullmatch(r"[a-z][a-z0-9_]*", node.value.value):
                    keys.add(node.value.value)
    index = ClassIndex()
    for path in ["deepspeed/runtime/zero/config.py", "deepspeed/runtime/zero/offload_config.py"]:
        index.add(git_show(git_dir, commit, path), path)

    def pyd_fields(cls):
        out = []
        for name, _, value in index.fields(cls):
            out.append(name)
            if isinstance(value, ast.Call):
                for kw in value.keywords:
                    if kw.arg == "alias" and isinstance(kw.value, ast.Constant):
                        out.append(kw.value.value)
        return out

    for f in pyd_fields("DeepSpeedZeroConfig"):
        keys.add("zero_optimization." + f)
    for f in pyd_fields("DeepSpeedZeroOffloadOptimizerConfig"):
        keys.add("zero_optimization.offload_optimizer." + f)
    for f in pyd_fields("DeepSpeedZeroOffloadParamConfig"):
        keys.add("zero_optimization.offload_param." + f)
    return sorted(keys), const_files + ["deepspeed/runtime/zero/offload_config.py"]


def bridge_keys(git_dir, commit, megatron_git):
    """src/megatron/bridge/training/config.py: ConfigContainer's fields are the override sections
    (section.key=value, scripts/training/run_recipe.py); model is GPTModelProvider
    (src/megatron/bridge/models/gpt_provider.py) over Megatron-Core's TransformerConfig and
    ModelParallelConfig, ddp and optimizer Megatron-Core's, at the Megatron-LM commit Bridge pins as its
    3rdparty/Megatron-LM submodule."""
    core = ClassIndex()
    index = ClassIndex(lower=core)
    bridge_files = ["src/megatron/bridge/training/config.py", "src/megatron/bridge/models/gpt_provider.py",
                    "src/megatron/bridge/models/mla_provider.py", "src/megatron/bridge/models/transformer_config.py",
                    "src/megatron/bridge/training/comm_overlap.py",
                    "src/megatron/bridge/models/model_provider.py", "src/megatron/bridge/training/mixed_precision.py"]
    for path in bridge_files:
        index.add(git_show(git_dir, commit, path), path)
    sub = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", commit, "3rdparty/Megatron-LM"], check=True,
                         capture_output=True, text=True).stdout.split()[2]
    core_files = ["megatron/core/transformer/transformer_config.py", "megatron/core/model_parallel_config.py",
                  "megatron/core/distributed/distributed_data_parallel_config.py", "megatron/core/optimizer/optimizer_config.py"]
    core_files += git_files(megatron_git, sub, "megatron/training/config")
    for path in core_files:
        core.add(git_show(megatron_git, sub, path), path)
    keys = set()
    # model: a dense or MoE recipe's GPTModelProvider, or MLAModelProvider for multi-latent attention
    sections = {"model": ["GPTModelProvider", "MLAModelProvider"]}
    for section, ann, _ in index.fields("ConfigContainer"):
        cls = ann.replace("Optional[", "").rstrip("]").split("|")[0].strip().split("[")[0]
        sections.setdefault(section, [cls])
    for section, classes in sections.items():
        keys.add(section)
        for cls in classes:
            for key, _, _ in index.fields(cls):
                keys.add(f"{section}.{key}")
    # the mixed-precision recipes a `mixed_precision=NAME` override names (@register in mixed_precision.py)
    tree = ast.parse(git_show(git_dir, commit, "src/megatron/bridge/training/mixed_precision.py"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(getattr(d, "id", "") == "register" for d in node.decorator_list):
            keys.add("mixed_precision=" + node.name)
    # `mixed_precision=null`: no recipe, the model trained in its provider's own dtype (FP32), where
    # ConfigContainer declares the field Optional with the default None
    for section, ann, default in index.fields("ConfigContainer"):
        if section == "mixed_precision" and ann.startswith("Optional[") and \
                isinstance(default, ast.Constant) and default.value is None:
            keys.add("mixed_precision=null")
    return sorted(keys), bridge_files, sub, core_files


def write(name, pin, commit, files, items, extra=""):
    repo, tag, _ = pin
    with open(os.path.join(HERE, f"flags-{name}.txt"), "w", encoding="utf-8") as out:
        out.write(f"# {repo} {tag}, commit {commit}\n")
        out.write(f"# extracted by tests/data/launch/extract_flags.py from: {', '.join(files)}\n")
        if extra:
            out.write(f"# {extra}\n")
        for item in items:
            out.write(item + "\n")
    print(f"flags-{name}.txt: {len(items)} entries")


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    megatron, titan, deepspeed, bridge = sys.argv[1:]
    commits = {}
    for key, git_dir in (("megatron", megatron), ("torchtitan", titan), ("deepspeed", deepspeed), ("bridge", bridge)):
        commits[key] = resolve(git_dir, PINS[key][1])
        if PINS[key][2] and PINS[key][2] != commits[key]:
            sys.exit(f"{key}: tag {PINS[key][1]} is {commits[key]}, pinned {PINS[key][2]}")
    flags, files = megatron_flags(megatron, commits["megatron"])
    write("megatron", PINS["megatron"], commits["megatron"], files, flags)
    keys, files = torchtitan_keys(titan, commits["torchtitan"])
    write("torchtitan", PINS["torchtitan"], commits["torchtitan"], files, keys)
    keys, files = deepspeed_keys(deepspeed, commits["deepspeed"])
    write("deepspeed", PINS["deepspeed"], commits["deepspeed"], files, keys)
    keys, files, sub, core_files = bridge_keys(bridge, commits["bridge"], megatron)
    write("bridge", PINS["bridge"], commits["bridge"], files, keys,
          f"with NVIDIA/Megatron-LM {sub} (its 3rdparty/Megatron-LM submodule): {', '.join(core_files)}")


if __name__ == "__main__":
    main()
