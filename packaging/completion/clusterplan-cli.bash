# bash completion for clusterplan-cli (commands and options of app/cli_commands.cpp).
# Installed as /usr/share/bash-completion/completions/clusterplan-cli.

_clusterplan_cli() {
    local cur prev words cword
    _init_completion || return

    local commands="evaluate search scale options compare launch cost phases report quotes pricebook validate calibrate article presets"
    case "$prev" in
        --format)
            local formats="json text csv"
            case "${words[1]}" in
                evaluate) formats="json text" ;;
                validate) formats="text csv json" ;;
                calibrate) formats="text json csv" ;;
                article) formats="text json csv markdown" ;;
                options) formats="text json csv" ;;
                compare) formats="text csv markdown" ;;
                quotes) formats="text json csv" ;;
            esac
            COMPREPLY=($(compgen -W "$formats" -- "$cur"))
            return
            ;;
        --catalog | --pricebook | --profiles)
            _filedir json
            return
            ;;
        --pdf | --xlsx)
            _filedir "${prev#--}"
            return
            ;;
        --csv | --images)
            _filedir -d
            return
            ;;
        --framework)
            COMPREPLY=($(compgen -W "megatron nemo torchtitan deepspeed" -- "$cur"))
            return
            ;;
        --out)
            _filedir -d
            return
            ;;
        --log)
            _filedir
            return
            ;;
        --lang)
            COMPREPLY=($(compgen -W "zh_CN en" -- "$cur"))
            return
            ;;
        --quote-book)
            _filedir sqlite
            return
            ;;
        --book)
            _filedir json
            return
            ;;
        --encoding)
            COMPREPLY=($(compgen -W "auto utf-8 gbk" -- "$cur"))
            return
            ;;
        --as-of)
            return  # a date
            ;;
        --status)
            COMPREPLY=($(compgen -W "draft sent accepted lost expired active expiring" -- "$cur"))
            return
            ;;
        --customer | --quote-prefix | --gpu-types | --options-gpu-types | --options-pick)
            return  # free text
            ;;
        --top | --max-gpus | --days | --max-layouts | --deadline | --budget | --options-deadline | --options-budget)
            return  # a number
            ;;
    esac

    if [[ $cword -eq 1 ]]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi

    local options
    case "${words[1]}" in
        evaluate) options="--format --catalog --profiles --pricebook" ;;
        search) options="--top --format --allow-cross-node-tp --catalog --profiles --pricebook" ;;
        scale) options="--max-gpus --days --format --catalog --profiles --pricebook" ;;
        options) options="--deadline --budget --gpu-types --format --lang --catalog --profiles --pricebook" ;;
        compare) options="--format --lang --catalog --profiles --pricebook" ;;
        launch) options="--framework --out --lang --catalog --profiles --pricebook" ;;
        cost) options="--format --lang --pricebook --catalog --profiles" ;;
        phases) options="--format --lang --pricebook --catalog --profiles" ;;
        report) options="--pdf --xlsx --csv --images --lang --bom --no-bom --max-layouts --no-record --quote-book --quote-prefix --force --options --options-deadline --options-budget --options-gpu-types --options-pick --pricebook --catalog --profiles" ;;
        quotes) options="--customer --status --all-revisions --format --lang --quote-book --quote-prefix --pricebook --catalog" ;;
        pricebook) options="--book --encoding --as-of --dry-run --lang" ;;
        validate) options="--format --cv-profiles --in-sample --write-accuracy --moe --catalog --profiles" ;;
        calibrate) options="--format --log --save --lang --catalog --profiles --pricebook" ;;
        article) options="--format --lang --catalog --profiles --pricebook" ;;
        presets) options="--catalog" ;;
        *) return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    case "${words[1]}" in
        evaluate | search | scale | options | compare | cost | phases | report | calibrate) _filedir json ;;
        article) _filedir -d ;;
        quotes)
            if [[ $cword -eq 2 ]]; then
                COMPREPLY=($(compgen -W "list show status export-book import-book" -- "$cur"))
            elif [[ ${words[2]} == export-book || ${words[2]} == import-book ]]; then
                _filedir json
            elif [[ ${words[2]} == status && $cword -eq 4 ]]; then
                COMPREPLY=($(compgen -W "accepted lost sent draft" -- "$cur"))
            fi
            ;;
        pricebook)
            if [[ $cword -eq 2 ]]; then
                COMPREPLY=($(compgen -W "import" -- "$cur"))
            else
                _filedir csv
            fi
            ;;
    esac
} &&
    complete -F _clusterplan_cli clusterplan-cli
